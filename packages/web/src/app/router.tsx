import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NAV_AREAS, PROTECTED_ROUTES } from '@zorgportaal/contract';
import { PageLoader } from '../components/page-loader.tsx';
import { setSessionEndedHandler } from '../lib/api-client.ts';
import { PlainLayout } from './layouts/plain-layout.tsx';
import { HomeRedirect, RequireAuth, RequirePermission } from './routes/guards.tsx';
import { LoginRoute } from './routes/login-route.tsx';
import { RouteError } from './routes/route-error.tsx';
import { lazyPage, screenFor } from './routes/screens.ts';

/** Protected routes grouped by area; each area has its own error boundary (a failed chunk stays local). */
const areaRoutes: RouteObject[] = NAV_AREAS.map((area) => ({
  id: `area-${area}`,
  errorElement: <RouteError />,
  children: PROTECTED_ROUTES.filter((route) => route.area === area).map((route) => ({
    path: route.path,
    element: <RequirePermission route={route} />,
    handle: { route },
    children: [{ index: true, lazy: screenFor(route), handle: { route } }],
  })),
}));

export const routes: RouteObject[] = [
  {
    id: 'root',
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        // Public pages (spec §2) in the plain layout.
        element: <PlainLayout />,
        errorElement: <RouteError />,
        children: [
          // Not lazy: the login page is in the entry chunk anyway, for the public app (public-app.tsx).
          { path: '/login', Component: LoginRoute },
          { path: '/logout', lazy: lazyPage(() => import('../features/auth/routes/logout.tsx')) },
          {
            path: '/forget-password',
            lazy: lazyPage(() => import('../features/auth/routes/forget-password.tsx')),
          },
          {
            path: '/change-password/:token',
            lazy: lazyPage(() => import('../features/auth/routes/change-password.tsx')),
          },
          {
            path: '/not-me/:token',
            lazy: lazyPage(() => import('../features/auth/routes/not-me.tsx')),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: '/', element: <HomeRedirect /> },
          {
            // TanStack Query only below here: /login does not load it.
            lazy: lazyPage(() => import('./layouts/query-layout.tsx')),
            errorElement: <RouteError />,
            children: [
              {
                lazy: lazyPage(() => import('./layouts/full-layout.tsx')),
                errorElement: <RouteError />,
                children: areaRoutes,
              },
            ],
          },
        ],
      },
      // Spec §2: any unknown path goes to /login.
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // A failed token renewal ends the session: back to /login, keeping where the user was. On /logout the
  // logout goes to /login itself with where the user was (a request refused meanwhile must not replace that
  // origin with none), and on /login there is nowhere to go.
  setSessionEndedHandler(() => {
    const { pathname, search, hash } = router.state.location;
    if (pathname === '/login' || pathname === '/logout') return;
    void router.navigate('/login', { replace: true, state: { from: { pathname, search, hash } } });
  });
  return router;
}
