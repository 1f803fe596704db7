import { Navigate, Outlet, useLocation } from 'react-router';
import { findProtectedRoute, homePathFor, type ProtectedRoute } from '@zorgportaal/contract';
import { getEntityType, isLoggedIn, mayOpen } from '../../lib/session.ts';

/** Location state of /login: where the user was going, to return there after login. */
export interface LoginLocationState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Without an access token the user goes to /login, and the origin is kept (spec §2). */
export function RequireAuth() {
  const location = useLocation();
  if (!isLoggedIn()) {
    const state: LoginLocationState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/** A missing permission (or a ward screen outside a ward organisation) sends the user to / (spec §2, §6). */
export function RequirePermission({ route }: { route: ProtectedRoute }) {
  return mayOpen(route) ? <Outlet /> : <Navigate to="/" replace />;
}

/** The home page for the session's entity type; /dashboard when that page is not permitted (no redirect loop). */
export function homePath(): string {
  const target = homePathFor(getEntityType());
  const route = findProtectedRoute(target);
  return !route || mayOpen(route) ? target : '/dashboard';
}

/** `/` redirects by entity type: a pharmacy to /management/persons, everyone else to /dashboard. */
export function HomeRedirect() {
  return <Navigate to={homePath()} replace />;
}
