import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import type { ProtectedRoute } from '@zorgportaal/contract';
import { loadChunk } from '../../lib/lazy-chunk.ts';

type PageModule = { default: ComponentType };

/**
 * The page of every protected route (the contract's PROTECTED_ROUTES), by path. A new route adds its
 * page here, e.g. `'/management/persons': () => import('../../features/persons/routes/persons.tsx')`.
 */
const SCREENS: Partial<Record<string, () => Promise<PageModule>>> = {
  '/amo': () => import('../../features/medication/routes/amo.tsx'),
  '/mijngib': () => import('../../features/medication/routes/amo.tsx'),
  '/administrationlist': () => import('../../features/administration-list/routes/administration-list.tsx'),
  '/zp/administrationregistration/dashboard': () =>
    import('../../features/administration-dashboard/routes/dashboard.tsx'),
  '/zp/medication/dashboard': () =>
    import('../../features/medication-dashboard/routes/medication-dashboard.tsx'),
  '/zp/medication/administrationsoverview': () =>
    import('../../features/administration-results/routes/results.tsx'),
  '/zp/medication/flowchart': () => import('../../features/flowchart/routes/flowchart.tsx'),
  '/zp/medication/diagram/add': () => import('../../features/diagrams/routes/diagram-add.tsx'),
  '/dashboard': () => import('../../features/dashboard/routes/dashboard.tsx'),
  '/zp/trombosisservice/dashboard': () => import('../../features/trombosis/routes/dashboard.tsx'),
  '/inrvalues': () => import('../../features/trombosis/routes/inr-values.tsx'),
  '/dosagescheme': () => import('../../features/trombosis/routes/dosage-scheme.tsx'),
  '/orders': () => import('../../features/orders/routes/orders.tsx'),
  '/baxter': () => import('../../features/baxter/routes/baxter.tsx'),
  '/management/persons': () => import('../../features/persons/routes/persons.tsx'),
  '/management/log': () => import('../../features/log/routes/log.tsx'),
  '/management/log/access': () => import('../../features/log/routes/client-access.tsx'),
  '/trashcan': () => import('../../features/trash/routes/trash.tsx'),
  '/support/documents': () => import('../../features/documents/routes/documents.tsx'),
  '/healthcare/infrastructure': () => import('../../features/network/routes/network.tsx'),
  '/management/advanced': () => import('../../features/settings/routes/advanced.tsx'),
  '/user/profile': () => import('../../features/account/routes/profile.tsx'),
  '/user/settings': () => import('../../features/account/routes/settings.tsx'),
  '/communication': () => import('../../features/communication/routes/communication.tsx'),
  '/vp/communication': () => import('../../features/communication/routes/vp-communication.tsx'),
  '/vp/dashboard': () => import('../../features/vp/routes/vp-dashboard.tsx'),
  '/vp/history': () => import('../../features/vp/routes/vp-history.tsx'),
};

/** A route `lazy` function that loads a page chunk with the 120 s time-out. */
export const lazyPage =
  (load: () => Promise<PageModule>): LazyRouteFunction<RouteObject> =>
  async () => ({ Component: (await loadChunk(load)).default });

/** The route's page; a route without one stops the app at start-up (and its tests), never a blank screen. */
export function screenFor(route: ProtectedRoute): LazyRouteFunction<RouteObject> {
  const load = SCREENS[route.path];
  if (!load) throw new Error(`No page for ${route.path}: add it to app/routes/screens.ts`);
  return lazyPage(load);
}
