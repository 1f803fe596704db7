import { api } from '../../../lib/api-client.ts';

export interface ForgottenPasswordReset {
  token: string;
  password: string;
  password_confirmation: string;
}

/** POST /api/auth/resetforgotpassword (form): sets the password with the token from the e-mail. */
export const resetForgottenPassword = (reset: ForgottenPasswordReset) =>
  api.post<{ message?: string }>('/api/auth/resetforgotpassword', undefined, {
    auth: false,
    form: { ...reset },
  });
