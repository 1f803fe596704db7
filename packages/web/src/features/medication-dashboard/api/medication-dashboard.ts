import { useQuery } from '@tanstack/react-query';
import {
  type MedicationDashboardListKey,
  medicationDashboardListSchema,
  medicationDashboardSchema,
} from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { medicationDashboardKeys } from './query-keys.ts';

/** GET /api/medication/dashboard: one figure per list. */
export const useMedicationDashboard = () =>
  useQuery({
    queryKey: medicationDashboardKeys.figures(),
    queryFn: () => api.get('/api/medication/dashboard', { schema: medicationDashboardSchema }),
    refetchInterval: 60_000,
  });

/** GET /api/medication/dashboard/list?list=: the rows behind one figure (none asked: nothing loaded). */
export const useMedicationDashboardList = (list: MedicationDashboardListKey | null) =>
  useQuery({
    queryKey: medicationDashboardKeys.list(list ?? 'started'),
    queryFn: () =>
      api.get(`/api/medication/dashboard/list?list=${list}`, { schema: medicationDashboardListSchema }),
    enabled: list !== null,
  });
