import { queryOptions, useQuery } from '@tanstack/react-query';
import { administrationDashboardSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { administrationDashboardKeys } from './query-keys.ts';

/** GET /api/administration/dashboard: today's progress per visible department. */
export const getDashboard = (date?: string) =>
  api.get('/api/administration/dashboard', { schema: administrationDashboardSchema, query: { date } });

export const dashboardQueryOptions = (date?: string) =>
  queryOptions({
    queryKey: administrationDashboardKeys.day(date ?? 'today'),
    queryFn: () => getDashboard(date),
  });

export const useDashboard = (date?: string) =>
  useQuery({ ...dashboardQueryOptions(date), refetchInterval: 60_000 });
