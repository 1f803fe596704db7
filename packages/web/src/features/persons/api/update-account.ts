import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountSchema, type AccountUpdateBody } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { personsKeys } from './query-keys.ts';

/** PUT /api/account/{id}: only the fields sent change (Active=true re-activates). */
export const updateAccount = ({ id, body }: { id: number; body: AccountUpdateBody }) =>
  api.put(`/api/account/${id}`, body, { schema: accountSchema });

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsKeys.all }),
  });
}
