import { SESSION_IDLE_SECONDS, type DepartmentOption, type PatientList } from '@zorgportaal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authPort } from '../auth-port.ts';
import { sha256Hex } from '../../crypto.ts';
import * as s from '../../../schema.ts';
import { DEMO_PASSWORD } from '../../../seed/demo-data.ts';
import { freshIp, postForm } from '../../../../test/helpers/account-security.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { bearer, login, tokenForm } from '../../../../test/helpers/login.ts';
import { backdateRefreshUse, PAST_RETRY_WINDOW_S } from '../../../../test/helpers/refresh.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * The caller cache never serves a token after a change that ends or narrows its session. Each case
 * first uses the token (so it is cached), makes the change through the API, then uses it again.
 */
let t: TestApp;
let admin: Api;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await apiAs(t.app, 'beheerder');
});
afterAll(() => t.close());

const use = (token: string, url = '/api/patients') =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });

const accountIdOf = async (username: string) =>
  (await t.db.select().from(s.accounts).where(eq(s.accounts.username, username)))[0]!.id;

async function cachedSession(username: string) {
  const session = await login(t.app, username);
  expect((await use(session.access_token)).statusCode).toBe(200);
  expect((await use(session.access_token)).statusCode).toBe(200);
  return session;
}

describe('caller cache revocation', () => {
  it('logout', async () => {
    const me = await cachedSession('verpleegkundige');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: bearer(me.access_token),
    });
    expect(out.statusCode).toBe(200);
    expect((await use(me.access_token)).statusCode).toBe(401);
  });

  it('force logout', async () => {
    const me = await cachedSession('verpleegkundige');
    const id = await accountIdOf('verpleegkundige');
    expect((await admin.get(`/api/account/${id}/forcelogout`)).statusCode).toBe(200);
    expect((await use(me.access_token)).statusCode).toBe(401);
  });

  it('refresh-token reuse', async () => {
    const me = await cachedSession('verpleegkundige');
    const form = {
      grant_type: 'refresh_token',
      client_id: 1,
      product_id: 0,
      refresh_token: me.refresh_token,
    };
    const renewed = await postForm(t.app, '/oauth/token', form);
    expect(renewed.statusCode).toBe(200);
    // The refresh ended the old access token; the new one is cached before the reuse.
    expect((await use(me.access_token)).statusCode).toBe(401);
    const next = renewed.json<{ access_token: string }>().access_token;
    expect((await use(next)).statusCode).toBe(200);
    expect((await use(next)).statusCode).toBe(200);
    // Past the retry window a used refresh token is reuse: the whole family goes.
    await backdateRefreshUse(t, me.refresh_token, PAST_RETRY_WINDOW_S);
    expect((await postForm(t.app, '/oauth/token', form)).statusCode).toBe(401);
    expect((await use(next)).statusCode).toBe(401);
  });

  it('role change narrows the permissions at once', async () => {
    const me = await cachedSession('verpleegkundige');
    const id = await accountIdOf('verpleegkundige');
    const [role] = await t.db.select().from(s.roles).where(eq(s.roles.name, 'Verpleegkundige'));
    expect((await admin.put(`/api/account/${id}`, { RoleIds: [] })).statusCode).toBe(200);
    expect((await use(me.access_token)).statusCode).toBe(403);
    expect((await admin.put(`/api/account/${id}`, { RoleIds: [role!.id] })).statusCode).toBe(200);
    expect((await use(me.access_token)).statusCode).toBe(200);
  });

  it('password change ends the other sessions, keeps the own', async () => {
    const other = await cachedSession('verpleegkundige');
    const own = await cachedSession('verpleegkundige');
    const id = await accountIdOf('verpleegkundige');
    const password = 'Paarse-olifant-fietst-2026';
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passwordreset',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(own.access_token) },
      payload: tokenForm({
        account_id: id,
        current_password: DEMO_PASSWORD,
        password,
        password_confirmation: password,
      }),
    });
    expect(changed.statusCode).toBe(200);
    expect((await use(other.access_token)).statusCode).toBe(401);
    expect((await use(own.access_token)).statusCode).toBe(200);
    // Put the demo password back for the cases that follow.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/passwordreset',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(own.access_token) },
      payload: tokenForm({
        account_id: id,
        current_password: password,
        password: 'Groene-giraffe-zwemt-2026',
        password_confirmation: 'Groene-giraffe-zwemt-2026',
      }),
    });
  });

  it('IP allow-list change', async () => {
    const me = await cachedSession('assistent');
    const other = await login(t.app, 'assistent');
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/account/ips',
      remoteAddress: '127.0.0.9',
      headers: bearer(other.access_token),
      payload: { Ip: '127.0.0.9', ProductId: 1, current_password: DEMO_PASSWORD },
    });
    expect(add.statusCode).toBe(201);
    expect((await use(me.access_token, '/api/account')).statusCode).toBe(403);
  });

  it('deactivation and deletion', async () => {
    const tweestaps = await accountIdOf('tweestaps');
    const [row] = await t.db.select().from(s.accounts).where(eq(s.accounts.id, tweestaps));
    // Without its 2FA step, so the helper can log in with the password alone.
    await t.db.update(s.accounts).set({ totpEnabled: false }).where(eq(s.accounts.id, tweestaps));
    const victim = await cachedSession('tweestaps');
    expect((await admin.post(`/api/account/${tweestaps}/deactivate`)).statusCode).toBe(200);
    expect((await use(victim.access_token)).statusCode).toBe(401);

    // Deletion: the account's person goes to the trash can.
    await t.db.update(s.accounts).set({ active: true }).where(eq(s.accounts.id, tweestaps));
    const again = await cachedSession('tweestaps');
    expect((await admin.delete(`/api/person/${row!.personId}`)).statusCode).toBe(200);
    expect((await use(again.access_token)).statusCode).toBe(401);
  });
});

describe('entity settings from memory', () => {
  it('serves the change of PUT /api/management/settings/1 at once', async () => {
    const before = await admin.get('/api/management/settings');
    expect(before.statusCode).toBe(200);
    const put = await admin.put('/api/management/settings/1', { WelcomeText: 'Welkom bij De Berk' });
    expect(put.statusCode).toBe(200);
    expect((await admin.get('/api/management/settings')).json()).toMatchObject({
      WelcomeText: 'Welkom bij De Berk',
    });
  });
});

/**
 * The caller's scope and department list are kept per organisation (`entityMemo`): a network link ended
 * through the API takes the care centre out of both at once; one changed outside the API (SQL by hand) is
 * seen once `forgetNetwork` is published, as architecture.md says.
 */
describe('scope and departments from memory', () => {
  it('a supply link ended through the API narrows the client list and the departments at once', async () => {
    const pharmacist = await apiAs(t.app, 'apotheker');
    const [pharmacy] = await t.db.select().from(s.accounts).where(eq(s.accounts.username, 'apotheker'));
    const [link] = await t.db
      .select()
      .from(s.networkLinks)
      .where(
        and(
          eq(s.networkLinks.fromEntityId, pharmacy!.entityId),
          eq(s.networkLinks.role, 'supplies'),
          eq(s.networkLinks.active, true),
        ),
      )
      .limit(1);
    const centre = link!.toEntityId;
    const departments = async () =>
      (await pharmacist.get('/api/medication/departments'))
        .json<{ Rows: DepartmentOption[] }>()
        .Rows.filter((d) => d.EntityId === centre).length;
    const clients = async () =>
      (await pharmacist.get('/api/patients?limit=200'))
        .json<PatientList>()
        .Rows.filter((p) => p.EntityId === centre).length;
    expect(await departments()).toBeGreaterThan(0);
    expect(await clients()).toBeGreaterThan(0);

    const ended = await pharmacist.put(`/api/network/links/${link!.id}`, { Active: false });
    expect(ended.statusCode).toBe(200);
    expect(await departments()).toBe(0);
    expect(await clients()).toBe(0);

    // Back on by hand: not seen until published, then seen.
    await t.db.update(s.networkLinks).set({ active: true }).where(eq(s.networkLinks.id, link!.id));
    expect(await clients()).toBe(0);
    await t.app.callerCache.forgetNetwork(pharmacy!.entityId);
    expect(await departments()).toBeGreaterThan(0);
    expect(await clients()).toBeGreaterThan(0);
  });
});

describe('caller cache loads', () => {
  it("shares one load among a token's concurrent first requests, and starts anew after an event", async () => {
    const port = authPort();
    const lookups = vi.spyOn(port, 'lookupCaller');
    try {
      const me = await login(t.app, 'centrum');
      const first = await Promise.all(Array.from({ length: 8 }, () => use(me.access_token)));
      expect(first.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      expect(lookups).toHaveBeenCalledTimes(1);
      // An event while a load runs: lookups after it do not join that load (it may predate a revocation).
      lookups.mockClear();
      const fresh = await login(t.app, 'centrum');
      const cache = t.app.callerCache;
      const accountId = await accountIdOf('centrum');
      const during = [cache.resolve(fresh.access_token), cache.resolve(fresh.access_token)];
      const published = cache.forgetAccount(accountId);
      const after = [cache.resolve(fresh.access_token), cache.resolve(fresh.access_token)];
      await published;
      const callers = await Promise.all([...during, ...after]);
      expect(callers.every((c) => c?.caller.username === 'centrum')).toBe(true);
      expect(lookups).toHaveBeenCalledTimes(2);
    } finally {
      lookups.mockRestore();
    }
  });
});

describe("a start's warm-up keeps the live sessions' callers", () => {
  const sessionOf = async (token: string) =>
    (
      await t.db
        .select()
        .from(s.tokens)
        .where(eq(s.tokens.hash, sha256Hex(token)))
    )[0]!.sessionId;

  it('keeps a live session, not a revoked or idle one, and a kept caller is still revoked at once', async () => {
    const live = await login(t.app, 'centrum');
    const later = await login(t.app, 'centrum');
    const loggedOut = await login(t.app, 'centrum');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/account/logout',
          headers: bearer(loggedOut.access_token),
        })
      ).statusCode,
    ).toBe(200);
    const idle = await login(t.app, 'centrum');
    await t.db
      .update(s.sessions)
      .set({ lastSeenAt: new Date(Date.now() - (SESSION_IDLE_SECONDS + 60) * 1000) })
      .where(eq(s.sessions.id, await sessionOf(idle.access_token)));

    // A new instance: nothing kept, then its warm-up.
    t.app.callerCache.clear();
    expect(await t.app.callerCache.keepLiveCallers()).toBeGreaterThanOrEqual(2);

    const lookups = vi.spyOn(authPort(), 'lookupCaller');
    try {
      expect((await use(live.access_token)).statusCode).toBe(200);
      expect((await use(later.access_token)).statusCode).toBe(200);
      expect(lookups).not.toHaveBeenCalled();
      // Not kept: looked up as before, and refused.
      expect((await use(loggedOut.access_token)).statusCode).toBe(401);
      expect((await use(idle.access_token)).statusCode).toBe(401);
      expect(lookups).toHaveBeenCalledTimes(2);
    } finally {
      lookups.mockRestore();
    }

    // A kept caller whose session ends is refused at once, as any kept caller.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/account/logout',
          headers: bearer(later.access_token),
        })
      ).statusCode,
    ).toBe(200);
    expect((await use(later.access_token)).statusCode).toBe(401);
    expect((await use(live.access_token)).statusCode).toBe(200);
  });

  it('keeps none that a revocation during its load concerns', async () => {
    const me = await login(t.app, 'centrum');
    t.app.callerCache.clear();
    const port = authPort();
    const liveCallers = port.liveCallers.bind(port);
    const loads = vi.spyOn(port, 'liveCallers');
    const accountId = await accountIdOf('centrum');
    let published: Promise<void> | undefined;
    loads.mockImplementationOnce(async (db, limit) => {
      const rows = await liveCallers(db, limit);
      // The account is changed while the rows are on their way: the load may predate the change.
      published = t.app.callerCache.forgetAccount(accountId);
      await published;
      return rows;
    });
    try {
      expect(await t.app.callerCache.keepLiveCallers()).toBe(0);
    } finally {
      loads.mockRestore();
    }
    const lookups = vi.spyOn(port, 'lookupCaller');
    try {
      expect((await use(me.access_token)).statusCode).toBe(200);
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });
});
