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
const SCREENS: Partial<Record<string, () => Promise<PageModule>>> = {};

const notAvailable = () => import('../../components/not-available-page.tsx');

/** A route `lazy` function that loads a page chunk with the 120 s time-out. */
export const lazyPage =
  (load: () => Promise<PageModule>): LazyRouteFunction<RouteObject> =>
  async () => ({ Component: (await loadChunk(load)).default });

export const screenFor = (route: ProtectedRoute): LazyRouteFunction<RouteObject> =>
  lazyPage(SCREENS[route.path] ?? notAvailable);
