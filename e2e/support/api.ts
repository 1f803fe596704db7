import { baseURL, DEMO_PASSWORD } from './browser.ts';

/** A demo user's access token from the portal's password grant, as the login page gets it. */
export const passwordToken = (base: string, username: string): Promise<string> =>
  fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: '1',
      product_id: '1',
      username,
      password: DEMO_PASSWORD,
    }).toString(),
  }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);

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
