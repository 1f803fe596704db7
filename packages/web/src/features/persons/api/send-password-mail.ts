import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { personsKeys } from './query-keys.ts';

/** POST /api/account/{id}/sendpasswordmail: a new e-mail with a link to choose a password. */
export const sendPasswordMail = (accountId: number) =>
  api.post(`/api/account/${accountId}/sendpasswordmail`, undefined, { schema: messageResponseSchema });

export function useSendPasswordMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPasswordMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsKeys.all }),
  });
}
