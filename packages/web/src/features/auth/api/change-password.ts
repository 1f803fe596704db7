import { api } from '../../../lib/api-client.ts';

export interface PasswordChange {
  account_id: number;
  current_password: string;
  password: string;
  password_confirmation: string;
}

/**
 * POST /api/auth/passwordreset (form, spec §7): the forced change at login. There is no session
 * yet, so no token is sent; the current password (just typed, kept in memory only) is the proof.
 */
export const changePasswordAtLogin = (change: PasswordChange) =>
  api.post<unknown>('/api/auth/passwordreset', undefined, { auth: false, form: { ...change } });
