import type { TokenResponse } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { bearer, login, postToken } from '../../../../test/helpers/login.ts';
import { backdateRefreshUse, PAST_RETRY_WINDOW_S } from '../../../../test/helpers/refresh.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

const refresh = (t: TestApp, refreshToken: string) =>
  postToken(t.app, { grant_type: 'refresh_token', client_id: 1, product_id: 0, refresh_token: refreshToken });
const me = (t: TestApp, accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(accessToken) });

describe('token life cycle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 UNAUTHORIZED without a token or with a garbage one', async () => {
    for (const headers of [{}, bearer('garbage'), { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/account', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ Code: 'UNAUTHORIZED' });
    }
  });

  it('GET /api/account returns the caller', async () => {
    const { access_token } = await login(t.app, 'beheerder');
    const res = await me(t, access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Username: 'beheerder', Password: '********' });
  });

  it('rotates the refresh token: a new pair, and the new access token works', async () => {
    const first = await login(t.app, 'assistent');
    const res = await refresh(t, first.refresh_token);
    expect(res.statusCode).toBe(200);
    const second = res.json<TokenResponse>();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.Account.Username).toBe('assistent');
    expect((await me(t, second.access_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back after the retry window', async () => {
    const first = await login(t.app, 'anker');
    const second = (await refresh(t, first.refresh_token)).json<TokenResponse>();
    // A retry within the window gets the same pair (refresh-retry.test.ts); this one comes after it.
    await backdateRefreshUse(t, first.refresh_token, PAST_RETRY_WINDOW_S);
    const replay = await refresh(t, first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    // The legitimate-looking rotated tokens die too: the thief and the user share one family.
    expect((await refresh(t, second.refresh_token)).statusCode).toBe(401);
    expect((await me(t, second.access_token)).statusCode).toBe(401);
    const reuse = await auditRows(t, { objectType: 'session' });
    expect(
      reuse.some(
        (r) => r.outcome === 'denied' && (r.detail as { reason?: string }).reason === 'refresh_token_reuse',
      ),
    ).toBe(true);
  });

  it('refuses an unknown refresh token', async () => {
    expect((await refresh(t, 'not-a-token')).statusCode).toBe(401);
  });

  it('logout revokes the session: the access and refresh tokens stop working', async () => {
    const session = await login(t.app, 'centrum');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: bearer(session.access_token),
    });
    expect(out.statusCode).toBe(200);
    const after = await me(t, session.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ Code: 'UNAUTHORIZED' });
    expect((await refresh(t, session.refresh_token)).statusCode).toBe(401);
    const rows = await auditRows(t, { objectType: 'logout' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'centrum', outcome: 'success', action: 'E' });
  });
});
