import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { personsKeys } from './query-keys.ts';

/** GET /api/account/{id}/forcelogout: ends every session of the account at once. */
export const forceLogout = (accountId: number) =>
  api.get(`/api/account/${accountId}/forcelogout`, { schema: messageResponseSchema });

export function useForceLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forceLogout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsKeys.all }),
  });
}
