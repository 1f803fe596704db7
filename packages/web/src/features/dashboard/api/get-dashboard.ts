import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { landingKeys } from './query-keys.ts';

/** GET /api/dashboard: the tiles this user may see, with live figures. */
export const getDashboard = () => api.get('/api/dashboard', { schema: dashboardSchema });

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: landingKeys.tiles(),
    queryFn: getDashboard,
    staleTime: 0,
    refetchInterval: 60_000,
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
