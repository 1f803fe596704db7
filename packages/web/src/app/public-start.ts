import { findProtectedRoute, PUBLIC_ROUTES } from '@zorgportaal/contract';
import { PUBLIC_ENTRY_PATH } from './public-app.tsx';

/** Where a visit starts: the light public app on /login (`public-app.tsx`), or the full app. */
export type VisitStart =
  | { app: 'public'; redirect?: { state: { from?: { pathname: string; search: string; hash: string } } } }
  | { app: 'full' };

const isPublicPath = (pathname: string) =>
  PUBLIC_ROUTES.some((route) => {
    const pattern = route.split('/');
    const parts = pathname.split('/');
    return parts.length === pattern.length && pattern.every((p, i) => p.startsWith(':') || p === parts[i]);
  });

/**
 * A visit to /login starts in the public app. So does a logged-out visit to any other page but the public ones:
 * the full app would send it to /login anyway (its `RequireAuth` with where the visitor was, its catch-all
 * without), but only after loading the router, the layouts and the page's own chunks (about 90 files before
 * the login form showed, on a tablet that opens its bookmarked Toedienlijst every morning). The same redirect is
 * made here at once, so the form shows from the entry chunk and the page loads while the user types.
 */
export function visitStart(
  location: { pathname: string; search: string; hash: string },
  loggedIn: boolean,
): VisitStart {
  const { pathname, search, hash } = location;
  if (pathname === PUBLIC_ENTRY_PATH) return { app: 'public' };
  if (loggedIn || isPublicPath(pathname)) return { app: 'full' };
  const known = pathname === '/' || findProtectedRoute(pathname) !== undefined;
  return { app: 'public', redirect: { state: known ? { from: { pathname, search, hash } } : {} } };
}
