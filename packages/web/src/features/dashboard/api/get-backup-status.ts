import { queryOptions, useQuery } from '@tanstack/react-query';
import { backupStatusSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { ApiRequestError } from '../../../lib/api-errors.ts';
import { hasPermission } from '../../../lib/session.ts';
import { landingKeys } from './query-keys.ts';

/**
 * GET /api/operations/backup-status: only a Beheerder can be the one to see a failed backup. A Beheerder of
 * another organisation than the one running the installation gets 404: nothing to show, not an error.
 */
export const backupStatusQueryOptions = () =>
  queryOptions({
    queryKey: landingKeys.backupStatus(),
    queryFn: () =>
      api.get('/api/operations/backup-status', { schema: backupStatusSchema }).catch((error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 404) return { FailedAt: null };
        throw error;
      }),
    staleTime: 5 * 60_000,
  });

export const useBackupStatus = () =>
  useQuery({ ...backupStatusQueryOptions(), enabled: hasPermission('settings.manage') });
