import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIpAllowList, accounts } from '../../../schema.ts';
import { loginForm, postForm } from '../../../../test/helpers/account-security.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { DEMO_PASSWORD } from '../../../seed/demo-data.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The step-up fields every change of the list needs (security.md "Step-up"). */
const stepUp = { current_password: DEMO_PASSWORD };

const accountId = async (username: string) =>
  (await t.db.select().from(accounts).where(eq(accounts.username, username)))[0]!.id;

describe('IP allow-list', () => {
  it('manages the own list and refuses logins from elsewhere with 403 ip_not_allowed', async () => {
    const me = await login(t.app, 'apotheker');
    // The list holds for every request of the session too, so the test moves inside the range once it is set.
    let from = '127.0.0.1';
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        remoteAddress: from,
        headers: bearer(me.access_token),
        ...(payload ? { payload } : {}),
      });

    expect((await call('GET', '/api/account/ip/currentip')).json()).toEqual({ Ip: '127.0.0.1' });
    const bad = await call('POST', '/api/account/ips', { Ip: '10.0.0.300', ProductId: 1, ...stepUp });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Code: 'VALIDATION_FAILED', Fields: { Ip: expect.any(String) } });
    // A list without the address of this very request would lock the caller out: refused, nothing stored.
    const lockout = await call('POST', '/api/account/ips', { Ip: '10.1.2.3/8', ProductId: 1, ...stepUp });
    expect(lockout.statusCode).toBe(409);
    expect(lockout.json()).toMatchObject({ Fields: { Ip: expect.stringContaining('127.0.0.1') } });
    expect((await call('GET', '/api/account/ips/1')).json()).toEqual([]);

    const local = await call('POST', '/api/account/ips', { Ip: '127.0.0.1', ProductId: 1, ...stepUp });
    expect(local.statusCode).toBe(201);
    const added = await call('POST', '/api/account/ips', {
      Ip: '10.1.2.3/8',
      ProductId: 1,
      Description: 'Kantoor',
      ...stepUp,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ Ip: '10.0.0.0/8', ProductId: 1, Description: 'Kantoor' });
    from = '10.9.8.7';
    expect(
      (await call('POST', '/api/account/ips', { Ip: '10.0.0.0/8', ProductId: 1, ...stepUp })).statusCode,
    ).toBe(409);
    expect((await call('GET', '/api/account/ips/1')).json()).toHaveLength(2);
    expect((await call('GET', '/api/account/ips/2')).json()).toEqual([]);

    const refused = await postForm(t.app, '/oauth/token', loginForm('apotheker'), '192.0.2.10');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      Action: 'ip_not_allowed',
      Code: 'CANT_ACCESS_PRODUCT',
      error: 'access_denied',
    });
    expect(refused.json()).not.toHaveProperty('account_id');
    // The password comes first: a wrong one is a 401 wherever it comes from.
    expect(
      (await postForm(t.app, '/oauth/token', loginForm('apotheker', 'fout-fout-fout'), '192.0.2.10'))
        .statusCode,
    ).toBe(401);
    expect((await postForm(t.app, '/oauth/token', loginForm('apotheker'), '10.9.8.7')).statusCode).toBe(200);
    expect((await postForm(t.app, '/oauth/token', loginForm('apotheker'), '127.0.0.1')).statusCode).toBe(200);

    const colleague = await login(t.app, 'assistent');
    const entryId = added.json<{ Id: number }>().Id;
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/ips/${entryId}`,
      headers: bearer(colleague.access_token),
      payload: stepUp,
    });
    expect(foreign.statusCode).toBe(404);
    // From inside the range, removing the range would leave only 127.0.0.1: a lock-out, refused.
    const selfLock = await call('DELETE', `/api/account/ips/${entryId}`, stepUp);
    expect(selfLock.statusCode).toBe(409);
    expect(selfLock.json()).toMatchObject({ Fields: { Ip: expect.stringContaining('10.9.8.7') } });
    from = '127.0.0.1';
    expect((await call('DELETE', `/api/account/ips/${entryId}`, stepUp)).statusCode).toBe(200);
    // Only 127.0.0.1 is left: the session now works from there and no longer from the removed range.
    from = '10.9.8.7';
    expect((await call('GET', '/api/account/ips/1')).statusCode).toBe(403);
    from = '127.0.0.1';
    expect((await call('GET', '/api/account/ips/1')).json()).toHaveLength(1);

    const audit = await auditRows(t, { objectType: 'ip_allow_list' });
    expect(audit.map((a) => `${a.action}:${a.outcome}`).sort()).toEqual([
      'C:success',
      'C:success',
      'D:refused',
      'D:success',
    ]);
    const denied = await auditRows(t, { objectType: 'login', outcome: 'denied' });
    expect(denied.some((a) => a.detail?.reason === 'ip_not_allowed')).toBe(true);
  });

  it('checks the address before the forced password change', async () => {
    const nieuw = await accountId('nieuw');
    const [entity] = await t.db
      .select({ id: accounts.entityId })
      .from(accounts)
      .where(eq(accounts.id, nieuw));
    await t.db
      .insert(accountIpAllowList)
      .values({ accountId: nieuw, entityId: entity!.id, productId: 1, ip: '10.0.0.0/8' });
    const res = await postForm(t.app, '/oauth/token', loginForm('nieuw'), '192.0.2.10');
    expect(res.json()).toMatchObject({ Action: 'ip_not_allowed' });
    const inside = await postForm(t.app, '/oauth/token', loginForm('nieuw'), '10.0.0.5');
    expect(inside.json()).toMatchObject({ Action: 'pwchange_required' });
  });
});

describe('force logout', () => {
  it('ends every session of an account of the own organisation; others are 404, no permission 403', async () => {
    const admin = await login(t.app, 'beheerder');
    const target = await login(t.app, 'verpleegkundige');
    const second = await login(t.app, 'verpleegkundige');
    const force = (id: number, token = admin.access_token) =>
      t.app.inject({ method: 'GET', url: `/api/account/${id}/forcelogout`, headers: bearer(token) });

    expect((await force(target.Account.Id, target.access_token)).statusCode).toBe(403);
    expect((await force(await accountId('apotheker'))).statusCode).toBe(404);
    expect((await force(999_999)).statusCode).toBe(404);
    const ok = await force(target.Account.Id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: expect.any(String) });

    for (const session of [target, second]) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/account',
        headers: bearer(session.access_token),
      });
      expect(me.statusCode).toBe(401);
      const refresh = await postForm(t.app, '/oauth/token', {
        grant_type: 'refresh_token',
        client_id: 1,
        product_id: 0,
        refresh_token: session.refresh_token,
      });
      expect(refresh.statusCode).toBe(401);
    }
    const audit = await auditRows(t, { objectType: 'force_logout' });
    expect(audit.map((a) => a.outcome).sort()).toEqual(['refused', 'refused', 'success']);
    expect(audit.find((a) => a.outcome === 'success')).toMatchObject({
      username: 'beheerder',
      objectId: String(target.Account.Id),
      detail: { revokedSessions: 2 },
    });
  });
});
