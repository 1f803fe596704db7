import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { twofaStatusQueryOptions } from './get-twofa-status.ts';

/** POST /api/account/2fa `{ totp }` confirms the pending secret; DELETE with a code turns 2FA off. */
export const setTwofa = ({ enable, totp }: { enable: boolean; totp: string }) =>
  request<unknown>('/api/account/2fa', { method: enable ? 'POST' : 'DELETE', json: { totp } });

export function useSetTwofa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTwofa,
    onSuccess: (_result, { enable }) =>
      queryClient.setQueryData(twofaStatusQueryOptions().queryKey, { Enabled: enable }),
  });
}
