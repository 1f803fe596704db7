import type { PatientList } from '@zorgportaal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import * as s from '../../../schema.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { waitFor } from '../../../../test/helpers/account-security.ts';
import { apiAs } from '../../../../test/helpers/api.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * Two instances on one PostgreSQL database, each with its own caller cache: a revocation on one is
 * a 401 on the other as soon as its event arrives (LISTEN/NOTIFY), well within a second on an idle machine.
 * PGlite has a single instance by design.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
/** How long a test waits for an event's effect: a worker of a loaded CI machine can stall for a second. */
const PROMPTLY_MS = 5000;

describe.skipIf(!onPostgres)('two instances on one PostgreSQL database', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let bDatabase: Database;
  beforeAll(async () => {
    a = await buildTestApp();
    bDatabase = await openDatabase(a.config.databaseUrl!);
    b = await buildApp(a.config, bDatabase, { logger: false });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  const useOn = (app: FastifyInstance, token: string, url = '/api/patients') =>
    app.inject({ method: 'GET', url, headers: bearer(token) });

  /**
   * Polls instance B until the answer is `status`; fails after five seconds. B's cache keeps a caller for its
   * token's lifetime (minutes), so only the event gets it there in time; the margin is for a loaded machine.
   */
  const promptly = (token: string, status: number, url?: string) =>
    waitFor(async () => ((await useOn(b, token, url)).statusCode === status ? true : null), PROMPTLY_MS);

  it("a channel's first subscriber on B hears A's event sent the moment `listening` resolves", async () => {
    const channel = `zp_probe_${Date.now().toString(36)}`;
    const heard: string[] = [];
    b.events.subscribe(channel, (payload) => heard.push(payload));
    await b.events.listening(channel);
    // At once: B's LISTEN must be in effect now, or PostgreSQL drops the NOTIFY for B.
    await a.app.events.publish(channel, '42');
    await waitFor(async () => (heard.includes('42') ? true : null), PROMPTLY_MS);
    expect(heard).toEqual(['42']);
  });

  it('logout on A is a 401 on B', async () => {
    const me = await login(a.app, 'verpleegkundige');
    expect((await useOn(b, me.access_token)).statusCode).toBe(200);
    const out = await a.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: bearer(me.access_token),
    });
    expect(out.statusCode).toBe(200);
    await promptly(me.access_token, 401);
  });

  it('force logout and deactivation on A are a 401 on B', async () => {
    const admin = await apiAs(a.app, 'beheerder');
    const first = await login(a.app, 'verpleegkundige');
    expect((await useOn(b, first.access_token)).statusCode).toBe(200);
    expect((await admin.get(`/api/account/${first.Account.Id}/forcelogout`)).statusCode).toBe(200);
    await promptly(first.access_token, 401);

    const second = await login(a.app, 'verpleegkundige');
    expect((await useOn(b, second.access_token)).statusCode).toBe(200);
    expect((await admin.post(`/api/account/${second.Account.Id}/deactivate`)).statusCode).toBe(200);
    await promptly(second.access_token, 401);
  });

  it('a settings change on A is served by B', async () => {
    const admin = await apiAs(a.app, 'beheerder');
    expect((await useOn(b, admin.token, '/api/management/settings')).json()).not.toMatchObject({
      WelcomeText: 'Welkom op instantie B',
    });
    expect(
      (await admin.put('/api/management/settings/1', { WelcomeText: 'Welkom op instantie B' })).statusCode,
    ).toBe(200);
    await waitFor(async () => {
      const res = await useOn(b, admin.token, '/api/management/settings');
      return res.json<{ WelcomeText?: string }>().WelcomeText === 'Welkom op instantie B' ? true : null;
    }, PROMPTLY_MS);
  });

  it('a supply link ended on A takes the care centre out of the client list on B', async () => {
    const pharmacist = await apiAs(a.app, 'apotheker');
    const [account] = await a.db.select().from(s.accounts).where(eq(s.accounts.username, 'apotheker'));
    const [link] = await a.db
      .select()
      .from(s.networkLinks)
      .where(
        and(
          eq(s.networkLinks.fromEntityId, account!.entityId),
          eq(s.networkLinks.role, 'supplies'),
          eq(s.networkLinks.active, true),
        ),
      )
      .limit(1);
    const centreClientsOnB = async () =>
      (await useOn(b, pharmacist.token, '/api/patients?limit=200'))
        .json<PatientList>()
        .Rows.filter((p) => p.EntityId === link!.toEntityId).length;
    // Cached on B: the pharmacy's scope.
    expect(await centreClientsOnB()).toBeGreaterThan(0);
    expect((await pharmacist.put(`/api/network/links/${link!.id}`, { Active: false })).statusCode).toBe(200);
    try {
      await waitFor(async () => ((await centreClientsOnB()) === 0 ? true : null), PROMPTLY_MS);
    } finally {
      expect((await pharmacist.put(`/api/network/links/${link!.id}`, { Active: true })).statusCode).toBe(200);
    }
  });

  it('a logout and a settings change on A while B is not listening are seen by B once it reconnects', async () => {
    const me = await login(a.app, 'apotheker');
    const admin = await apiAs(a.app, 'beheerder');
    // Both are cached on B: the caller and the organisation's settings.
    expect((await useOn(b, me.access_token)).statusCode).toBe(200);
    expect((await useOn(b, admin.token, '/api/management/settings')).statusCode).toBe(200);

    const sql = new pg.Client({ connectionString: a.config.databaseUrl });
    await sql.connect();
    try {
      const listenerOfB = async () =>
        (
          await sql.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [
            b.events.listenerName,
          ])
        ).rows[0] ?? null;
      const before = await listenerOfB();
      expect(before).not.toBeNull();
      // The database ends B's LISTEN connection (a restart, a failover, a network loss would too).
      await sql.query('select pg_terminate_backend($1)', [before!.pid]);
      await waitFor(async () => ((await listenerOfB())?.pid === before!.pid ? null : true), 2000);

      const out = await a.app.inject({
        method: 'POST',
        url: '/api/account/logout',
        headers: bearer(me.access_token),
      });
      expect(out.statusCode).toBe(200);
      const settingsChange = await admin.put('/api/management/settings/1', {
        WelcomeText: 'Gewijzigd tijdens de onderbreking',
      });
      expect(settingsChange.statusCode).toBe(200);

      // B reconnects by itself (after a second): the NOTIFYs of both changes were sent before, so it missed them.
      const after = await waitFor(listenerOfB, 5000);
      expect(after.pid).not.toBe(before!.pid);
      await promptly(me.access_token, 401);
      await waitFor(async () => {
        const res = await useOn(b, admin.token, '/api/management/settings');
        return res.json<{ WelcomeText?: string }>().WelcomeText === 'Gewijzigd tijdens de onderbreking'
          ? true
          : null;
      }, PROMPTLY_MS);
    } finally {
      await sql.end();
    }
  });
});
