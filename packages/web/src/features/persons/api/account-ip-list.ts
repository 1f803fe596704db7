import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ipAllowEntrySchema, messageResponseSchema } from '@zorgportaal/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { personsKeys } from './query-keys.ts';

/** GET /api/accounts/{id}/ips: the account's IP allow-list entries (Beheerder, own organisation). */
export const accountIpListQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: personsKeys.accountIps(accountId),
    queryFn: () => api.get(`/api/accounts/${accountId}/ips`, { schema: z.array(ipAllowEntrySchema) }),
  });

export const useAccountIpList = (accountId: number) => useQuery(accountIpListQueryOptions(accountId));

/** DELETE /api/accounts/{id}/ips: clears the list; the account may log in from anywhere again. */
export function useClearAccountIpList(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`/api/accounts/${accountId}/ips`, { schema: messageResponseSchema }),
    onSettled: () => queryClient.invalidateQueries(accountIpListQueryOptions(accountId)),
  });
}
