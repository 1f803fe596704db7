import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import type { ProtectedRoute } from '@zorgportaal/contract';
import { loadChunk } from '../../lib/lazy-chunk.ts';

type PageModule = { default: ComponentType };

/**
 * Screens that are built, by path. A later issue adds its page here, e.g.
 * `'/management/persons': () => import('../../features/persons/routes/persons.tsx')`.
 * Every other protected route shows the shared "nog niet beschikbaar" page.
 */
const SCREENS: Partial<Record<string, () => Promise<PageModule>>> = {
  '/amo': () => import('../../features/medication/routes/amo.tsx'),
  '/mijngib': () => import('../../features/medication/routes/amo.tsx'),
  '/administrationlist': () => import('../../features/administration/routes/administration-list.tsx'),
  '/zp/administrationregistration/dashboard': () =>
    import('../../features/administration/routes/dashboard.tsx'),
  '/zp/medication/dashboard': () => import('../../features/administration/routes/dashboard.tsx'),
  '/zp/medication/administrationsoverview': () => import('../../features/administration/routes/results.tsx'),
  '/zp/medication/flowchart': () => import('../../features/administration/routes/flowchart.tsx'),
  '/zp/medication/diagram/add': () => import('../../features/administration/routes/diagram-add.tsx'),
  '/dashboard': () => import('../../features/dashboard/routes/dashboard.tsx'),
  '/management/persons': () => import('../../features/persons/routes/persons.tsx'),
  '/management/log': () => import('../../features/log/routes/log.tsx'),
  '/trashcan': () => import('../../features/trash/routes/trash.tsx'),
  '/user/profile': () => import('../../features/account/routes/profile.tsx'),
  '/user/settings': () => import('../../features/account/routes/settings.tsx'),
};

const notAvailable = () => import('../../components/not-available-page.tsx');

/** A route `lazy` function that loads a page chunk with the 120 s time-out. */
export const lazyPage =
  (load: () => Promise<PageModule>): LazyRouteFunction<RouteObject> =>
  async () => ({ Component: (await loadChunk(load)).default });

export const screenFor = (route: ProtectedRoute): LazyRouteFunction<RouteObject> =>
  lazyPage(SCREENS[route.path] ?? notAvailable);
