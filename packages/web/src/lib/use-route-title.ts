import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProtectedRoute } from '@zorgportaal/contract';

/**
 * The translated spec title of the current protected route (from the route handle), so one
 * screen mounted on two paths (/amo and /mijngib, the two dashboards) keeps each path's own title.
 */
export function useRouteTitle(fallbackKey: string, fallback: string): string {
  const { t } = useTranslation();
  const route = useMatches()
    .map((match) => (match.handle as { route?: ProtectedRoute } | undefined)?.route)
    .findLast(Boolean);
  return route ? t(route.titleKey) : t(fallbackKey, fallback);
}
