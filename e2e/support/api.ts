import { baseURL, DEMO_PASSWORD } from './browser.ts';

/** The portal's answer to a password grant: the tokens and the account, as the login page gets them. */
export interface PasswordGrant {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  Account?: Record<string, unknown> & { Permissions?: unknown };
  Permissions?: unknown;
}

/** A demo user's password grant from the portal, as the login page asks for it; a refusal throws. */
export async function passwordGrant(
  base: string,
  username: string,
  password = DEMO_PASSWORD,
): Promise<PasswordGrant> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: '1',
      product_id: '1',
      username,
      password,
    }).toString(),
  });
  if (!response.ok)
    throw new Error(`password grant for ${username}: ${response.status} ${await response.text()}`);
  return (await response.json()) as PasswordGrant;
}

/** A demo user's access token from the portal's password grant. */
export const passwordToken = async (base: string, username: string): Promise<string> =>
  (await passwordGrant(base, username)).access_token;

/**
 * The API as a demo user, from the test itself (never through a page, which may be offline): a GET without a
 * body, a POST with one; a refusal throws with the answer.
 */
export async function apiAs(username: string) {
  const base = baseURL();
  const token = await passwordToken(base, username);
  return async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}
