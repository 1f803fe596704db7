import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

/** GET /api/account/profile: the caller's own person data. */
export const getProfile = () => api.get('/api/account/profile', { schema: profileSchema });

export const profileQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.profile(), queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());
