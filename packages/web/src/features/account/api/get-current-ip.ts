import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentIpSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

/** GET /api/account/ip/currentip: the address the server sees this browser at. */
export const getCurrentIp = () => api.get('/api/account/ip/currentip', { schema: currentIpSchema });

export const currentIpQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.currentIp(), queryFn: getCurrentIp });

export const useCurrentIp = () => useQuery(currentIpQueryOptions());
