import type { TokenResponse } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../../test/helpers/login.ts';
import {
  backdateRefreshUse,
  PAST_RETRY_WINDOW_S,
  refreshed,
  refreshWith,
} from '../../../../test/helpers/refresh.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * The refresh grant tolerates a retry: the same refresh token again within 30 s (a page reloaded while
 * the answer was on its way, a client retry, two requests racing) gets the same new pair and keeps the
 * session; after that window it is reuse and ends the family (tokens.test.ts). A refresh ends the
 * old access token at once.
 */
describe('refresh grant: retries and the old access token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(token) });

  it('answers a retried refresh with the same new pair and keeps the session', async () => {
    const first = await login(t.app, 'assistent');
    const second = await refreshed(t.app, first.refresh_token);
    const retry = await refreshed(t.app, first.refresh_token);
    expect(retry.access_token).toBe(second.access_token);
    expect(retry.refresh_token).toBe(second.refresh_token);
    expect(retry.expires_in).toBeGreaterThan(0);
    expect(retry.expires_in).toBeLessThanOrEqual(900);
    expect(retry.Account.Username).toBe('assistent');
    // The session lives on: the pair works and rotates as usual.
    expect((await me(second.access_token)).statusCode).toBe(200);
    const third = await refreshed(t.app, second.refresh_token);
    expect(third.access_token).not.toBe(second.access_token);
    expect((await me(third.access_token)).statusCode).toBe(200);
  });

  it('answers two parallel refreshes with one token with the same pair; the session stays alive', async () => {
    const first = await login(t.app, 'apotheker');
    const [a, b] = await Promise.all([
      refreshWith(t.app, first.refresh_token),
      refreshWith(t.app, first.refresh_token),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const pairA = a.json<TokenResponse>();
    const pairB = b.json<TokenResponse>();
    expect(pairB.access_token).toBe(pairA.access_token);
    expect(pairB.refresh_token).toBe(pairA.refresh_token);
    expect((await me(pairA.access_token)).statusCode).toBe(200);
    expect((await refreshWith(t.app, pairA.refresh_token)).statusCode).toBe(200);
  });

  it('still revokes the family when the used token comes back after the retry window', async () => {
    const first = await login(t.app, 'huisarts');
    const second = await refreshed(t.app, first.refresh_token);
    await backdateRefreshUse(t, first.refresh_token, PAST_RETRY_WINDOW_S - 2);
    expect((await refreshWith(t.app, first.refresh_token)).statusCode).toBe(200);
    await backdateRefreshUse(t, first.refresh_token, 2);
    expect((await refreshWith(t.app, first.refresh_token)).statusCode).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(401);
    expect((await refreshWith(t.app, second.refresh_token)).statusCode).toBe(401);
  });

  it('ends the old access token at the refresh, also when it was cached', async () => {
    const first = await login(t.app, 'verpleegkundige');
    expect((await me(first.access_token)).statusCode).toBe(200);
    expect((await me(first.access_token)).statusCode).toBe(200);
    const second = await refreshed(t.app, first.refresh_token);
    const old = await me(first.access_token);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ Code: 'UNAUTHORIZED' });
    expect((await me(second.access_token)).statusCode).toBe(200);
    // A retry within the window does not bring the old access token back.
    await refreshed(t.app, first.refresh_token);
    expect((await me(first.access_token)).statusCode).toBe(401);
  });
});
