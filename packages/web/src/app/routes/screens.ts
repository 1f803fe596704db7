import type { LazyRouteFunction, RouteObject } from 'react-router';
import type { ProtectedRoute } from '@zorgportaal/contract';
import { loadChunk } from '../../lib/lazy-chunk.ts';
import type { PageModule, ScreenPages } from '../../lib/screen-pages.ts';

/**
 * The pages of every feature, by route path: each feature's `screens.ts` (e.g. `features/orders/screens.ts`,
 * `{ '/orders': () => import('./routes/orders.tsx') }`), found by its name, so a new feature adds its pages in
 * its own folder. A path served by two features stops the app at start-up (and its tests).
 */
export function mergeScreens(byFile: Readonly<Record<string, ScreenPages>>): ScreenPages {
  const pages: Record<string, () => Promise<PageModule>> = {};
  const servedBy = new Map<string, string>();
  for (const [file, screens] of Object.entries(byFile))
    for (const [path, load] of Object.entries(screens)) {
      const earlier = servedBy.get(path);
      if (earlier)
        throw new Error(`${path} has a page in ${earlier} and in ${file}: one feature serves a route`);
      servedBy.set(path, file);
      pages[path] = load;
    }
  return pages;
}

const SCREENS = mergeScreens(
  import.meta.glob<ScreenPages>('../../features/*/screens.ts', { eager: true, import: 'SCREENS' }),
);

/** A route `lazy` function that loads a page chunk with the 120 s time-out. */
export const lazyPage =
  (load: () => Promise<PageModule>): LazyRouteFunction<RouteObject> =>
  async () => ({ Component: (await loadChunk(load)).default });

/** The route's page; a route without one stops the app at start-up (and its tests), never a blank screen. */
export function screenFor(route: ProtectedRoute): LazyRouteFunction<RouteObject> {
  const load = SCREENS[route.path];
  if (!load) throw new Error(`No page for ${route.path}: add it to its feature's screens.ts`);
  return lazyPage(load);
}
