import { queryOptions, useQuery } from '@tanstack/react-query';
import { backupStatusSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { hasPermission } from '../../../lib/session.ts';
import { dashboardKeys } from './query-keys.ts';

/** GET /api/operations/backup-status: only a Beheerder can be the one to see a failed backup. */
export const backupStatusQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.backupStatus(),
    queryFn: () => api.get('/api/operations/backup-status', { schema: backupStatusSchema }),
    staleTime: 5 * 60_000,
  });

export const useBackupStatus = () =>
  useQuery({ ...backupStatusQueryOptions(), enabled: hasPermission('settings.manage') });
