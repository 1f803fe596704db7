import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountSchema, type AccountLinkBody } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { personsKeys } from './query-keys.ts';

/** POST /api/account/link/{personId}: the new user receives an e-mail to choose a password. */
export const linkAccount = ({ personId, body }: { personId: number; body: AccountLinkBody }) =>
  api.post(`/api/account/link/${personId}`, body, { schema: accountSchema });

export function useLinkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsKeys.all }),
  });
}
