import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router.tsx';

export type AppRouter = ReturnType<typeof createAppRouter>;

let router: AppRouter | undefined;

/** The portal's router, created once from the URL of its first use. */
export function appRouter(): AppRouter {
  router ??= createAppRouter();
  return router;
}

/** The whole portal on React Router's data router. */
export function FullApp() {
  // No transitions: the new page is committed right after the URL changes, never held back.
  return <RouterProvider router={appRouter()} useTransitions={false} />;
}
