import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { personsKeys } from './query-keys.ts';

/** POST /api/account/{id}/deactivate: Active=false and every session of the account revoked. */
export const deactivateAccount = (accountId: number) =>
  api.post(`/api/account/${accountId}/deactivate`, undefined, { schema: accountSchema });

export function useDeactivateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsKeys.all }),
  });
}
