import type { TokenResponse } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { tokenForm } from '../../../lib/oauth-form.ts';

export interface PasswordCredentials {
  username: string;
  password: string;
  /** The second factor (spec §5: a totp code plus the account id). */
  totp?: string;
  account_id?: number;
  twofa_uuid?: string;
}

/** POST /oauth/token with the password grant, as form data (spec §7). */
export const requestToken = (credentials: PasswordCredentials) =>
  api.post<TokenResponse>('/oauth/token', undefined, {
    auth: false,
    form: tokenForm({ grant_type: 'password', ...credentials }),
  });
