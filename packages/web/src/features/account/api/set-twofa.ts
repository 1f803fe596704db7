import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { twofaStatusQueryOptions } from './get-twofa-status.ts';

/**
 * POST /api/account/2fa `{ totp, current_password }` confirms the pending secret; DELETE with the
 * current password and a code turns 2FA off. A 401 here is a wrong current password: no renewal.
 */
export const setTwofa = ({
  enable,
  totp,
  current_password,
}: {
  enable: boolean;
  totp: string;
  current_password: string;
}) =>
  request<unknown>('/api/account/2fa', {
    method: enable ? 'POST' : 'DELETE',
    json: { totp, current_password },
    retryUnauthorized: false,
  });

export function useSetTwofa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTwofa,
    onSuccess: (_result, { enable }) =>
      queryClient.setQueryData(twofaStatusQueryOptions().queryKey, { Enabled: enable }),
  });
}
