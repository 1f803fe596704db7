import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { personsKeys } from './query-keys.ts';

/** POST /api/account/{id}/reset2fa: the user sets up two-factor authentication again. */
export const resetTwoFactor = (accountId: number) =>
  api.post(`/api/account/${accountId}/reset2fa`, undefined, { schema: accountSchema });

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsKeys.all }),
  });
}
