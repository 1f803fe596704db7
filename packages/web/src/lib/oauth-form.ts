import { CLIENT_ID, PRODUCT_ID, REFRESH_PRODUCT_ID } from '@zorgportaal/contract';
import type { FormFields } from './http.ts';

/**
 * A browser app cannot keep a secret; the spec's form still carries the field,
 * so it is sent empty (the server accepts and ignores it).
 */
export const CLIENT_SECRET = '';

interface PasswordGrant {
  grant_type: 'password';
  username: string;
  password: string;
  totp?: string;
  account_id?: number;
  twofa_uuid?: string;
}

interface RefreshGrant {
  grant_type: 'refresh_token';
  refresh_token: string;
}

/** The exact form of POST /oauth/token (spec §7): product id 1 for a password grant, 0 on refresh. */
export function tokenForm(grant: PasswordGrant | RefreshGrant): FormFields {
  const base: FormFields = {
    client_secret: CLIENT_SECRET,
    product_id: grant.grant_type === 'refresh_token' ? REFRESH_PRODUCT_ID : PRODUCT_ID,
    grant_type: grant.grant_type,
    client_id: CLIENT_ID,
    username: grant.grant_type === 'password' ? grant.username : '',
    password: grant.grant_type === 'password' ? grant.password : '',
    refresh_token: grant.grant_type === 'refresh_token' ? grant.refresh_token : '',
  };
  if (grant.grant_type === 'password' && grant.totp !== undefined) {
    base.totp = grant.totp;
    base.account_id = grant.account_id;
    if (grant.twofa_uuid) base.twofa_uuid = grant.twofa_uuid;
  }
  return base;
}
