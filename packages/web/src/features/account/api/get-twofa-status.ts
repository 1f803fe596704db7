import { queryOptions, useQuery } from '@tanstack/react-query';
import { twofaStatusSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

/** GET /api/account/2fa: whether two-factor login is on for the caller. */
export const getTwofaStatus = () => api.get('/api/account/2fa', { schema: twofaStatusSchema });

export const twofaStatusQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.twofa(), queryFn: getTwofaStatus });

export const useTwofaStatus = () => useQuery(twofaStatusQueryOptions());
