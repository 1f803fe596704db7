import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface PasswordChange {
  account_id: number;
  current_password: string;
  password: string;
  password_confirmation: string;
  /** The current TOTP code, when the account has 2FA on (step-up). */
  totp?: string;
}

/**
 * POST /api/auth/passwordreset (form, spec §7) from the settings screen. The token goes along so
 * the server can keep this session while it ends the others; a 401 here means a wrong current
 * password, so it is not retried with a renewed token.
 */
export const changePassword = (change: PasswordChange) =>
  api.post<unknown>('/api/auth/passwordreset', undefined, { form: { ...change }, retryUnauthorized: false });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
