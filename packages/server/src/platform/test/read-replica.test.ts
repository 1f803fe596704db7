import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LogPage } from '@zorgportaal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase, rowsOf } from '../db/client.ts';
import { WROTE_COOKIE } from '../read-db.ts';
import { waitFor } from '../../../test/helpers/account-security.ts';
import { embeddedConfig } from '../../../test/helpers/embedded-config.ts';
import { bearer, login } from '../../../test/helpers/login.ts';
import { TEST_SECRET_KEY, type TestDatabase, testDatabase } from '../../../test/helpers/test-database.ts';

/**
 * Heavy reads on a real streaming hot standby (scripts/start-replica.sh, which CI runs). The standby has
 * exactly the primary's data, so routing shows only while its replay is paused: then a Logboek read that
 * went to the standby misses what the primary has since written.
 */
const replicaUrl = process.env.TEST_REPLICA_URL;
const onPostgres = process.env.TEST_DB === 'postgres';
if (process.env.REPLICA_REQUIRED === '1' && !(replicaUrl && process.env.TEST_DATABASE_URL))
  throw new Error(
    'REPLICA_REQUIRED=1 needs TEST_DATABASE_URL and TEST_REPLICA_URL (scripts/start-replica.sh)',
  );
const skipped = !onPostgres
  ? 'the server-postgres project runs it'
  : !replicaUrl
    ? 'TEST_REPLICA_URL is not set (scripts/start-replica.sh makes a standby on port 5433)'
    : null;
const suite = skipped ? describe.skip : describe;

const firstRow = <T>(result: unknown): T => rowsOf<T>(result)[0]!;

/** One instance of the portal on the test's database, with its own pools and lag bound. */
interface Instance {
  app: FastifyInstance;
  database: Database;
}

suite(`the read replica${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let copy: TestDatabase;
  let standbyUrl: string;
  let dataDir: string;
  let a: Instance; // the replica, lag bound 60 s: a paused standby stays usable for the test's length
  let a2: Instance; // another instance like A: the writer's next request may land anywhere
  let strict: Instance; // the replica, lag bound 1 s: a paused standby is soon too far behind
  let dead: Instance; // a replica nobody answers on
  let writer: string; // De Berk's Beheerder: the session that writes
  let reader: string; // the same user's other session, which writes nothing

  const onStandby = async <T>(statement: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: standbyUrl });
    await client.connect();
    try {
      return (await client.query(statement)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const pause = async () => {
    await onStandby('select pg_wal_replay_pause()');
    await waitFor(async () =>
      (await onStandby<{ s: string }>('select pg_get_wal_replay_pause_state() as s'))[0]!.s === 'paused'
        ? true
        : null,
    );
  };
  const resume = () => onStandby('select pg_wal_replay_resume()');

  /** Waits until the standby replayed everything the primary has written so far. */
  const caughtUp = async () => {
    const { lsn } = firstRow<{ lsn: string }>(
      await copy.database.db.execute(sql`select pg_current_wal_lsn()::text as lsn`),
    );
    await waitFor(async () => {
      const [row] = await onStandby<{ ok: boolean }>(`select pg_last_wal_replay_lsn() >= '${lsn}' as ok`);
      return row!.ok ? true : null;
    }, 30_000);
  };

  const instance = async (readUrl: string, readMaxLagMs?: number): Promise<Instance> => {
    const database = await openDatabase(copy.url!, { readUrl, readMaxLagMs });
    const app = await buildApp(embeddedConfig(dataDir, TEST_SECRET_KEY, copy.url), database, {
      logger: false,
    });
    await app.ready();
    return { app, database };
  };

  const printAs = async (on: Instance, token: string) => {
    const res = await on.app.inject({
      method: 'POST',
      url: '/api/log/print',
      headers: bearer(token),
      payload: { Screen: 'administration_results', PatientIds: [] },
    });
    expect(res.statusCode, res.body).toBe(204);
    const cookie = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith(`${WROTE_COOKIE}=`));
    const { eventId } = firstRow<{ eventId: string }>(
      await copy.database.db.execute(
        sql`select event_id::text as "eventId" from audit_log where action = 'P' order by id desc limit 1`,
      ),
    );
    return { cookie: String(cookie).split(';')[0]!, eventId };
  };

  /** The print entries of the Logboek as the session sees them on that instance (always a 200). */
  const logboek = async (on: Instance, token: string, cookie?: string): Promise<string[]> => {
    const res = await on.app.inject({
      method: 'GET',
      url: '/api/log?action=P&limit=200',
      headers: { ...bearer(token), ...(cookie ? { cookie } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LogPage>().Rows.map((r) => r.EventId);
  };

  beforeAll(async () => {
    copy = await testDatabase({ seed: true });
    const url = new URL(replicaUrl!);
    url.pathname = new URL(copy.url!).pathname;
    standbyUrl = url.toString();
    dataDir = mkdtempSync(path.join(tmpdir(), 'zp-replica-'));
    // A new database reaches the standby when its creation is replayed.
    await waitFor(() => onStandby('select 1').catch(() => null), 30_000);
    [a, a2, strict, dead] = await Promise.all([
      instance(standbyUrl, 60_000),
      instance(standbyUrl, 60_000),
      instance(standbyUrl, 1000),
      instance('postgres://postgres@127.0.0.1:1/none'),
    ]);
    const sessions = await Promise.all([login(a.app, 'beheerder'), login(a.app, 'beheerder')]);
    [writer, reader] = [sessions[0].access_token, sessions[1].access_token];
    await caughtUp();
    await waitFor(async () => (await a.database.replica!.check(), a.database.replica!.usable() || null));
  });
  afterAll(async () => {
    await resume().catch(() => {});
    for (const one of [a, a2, strict, dead]) {
      await one?.app.close();
      await one?.database.close();
    }
    await copy?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a session's Logboek from the standby, and the writer's from the primary on any instance", async () => {
    const { port } = firstRow<{ port: number }>(
      await a.database.readDb.execute(sql`select inet_server_port() as port`),
    );
    expect(port).toBe(Number(new URL(replicaUrl!).port));
    await pause();
    try {
      const { cookie, eventId } = await printAs(a, writer);
      expect(a.database.replica!.usable()).toBe(true);
      expect(await logboek(a, reader)).not.toContain(eventId);
      expect(await logboek(a, writer, cookie)).toContain(eventId);
      expect(await logboek(a2, writer, cookie)).toContain(eventId);
      // The cookie is what carries it: without it the writer reads the standby too.
      expect(await logboek(a2, writer)).not.toContain(eventId);
      // The reads the standby answered were audited on the primary.
      const { n } = firstRow<{ n: number }>(
        await copy.database.db.execute(
          sql`select count(*)::int as n from audit_log where object_type = 'audit_log' and action = 'R'
              and id > (select id from audit_log where event_id = ${eventId}::uuid)`,
        ),
      );
      expect(n).toBeGreaterThan(0);
    } finally {
      await resume();
    }
  });

  it('reads from the primary while the standby is too far behind, and from the standby once it caught up', async () => {
    await caughtUp();
    await pause();
    let eventId: string;
    try {
      ({ eventId } = await printAs(a, writer));
      // The strict instance allows 1 s: once its lag check measures more, its heavy reads go to the primary.
      const health = strict.database.replica!;
      await waitFor(async () => ((health.lagMs() ?? 0) > 1000 ? true : null), 30_000);
      expect(health.usable()).toBe(false);
      // A read made while the standby counted as too far behind, before and after it: the lag check runs every
      // second beside the read, and a read across a change of its verdict proves nothing either way.
      const whileBehind = await waitFor(async () => {
        if (health.usable()) return null;
        const rows = await logboek(strict, reader);
        return health.usable() ? null : rows;
      }, 30_000);
      expect(whileBehind).toContain(eventId);
      // Meanwhile the standby still lacks it: instance A, allowing 60 s, reads it there.
      expect(await logboek(a, reader)).not.toContain(eventId);
    } finally {
      await resume();
    }
    await waitFor(async () => ((await logboek(a, reader)).includes(eventId) ? true : null), 30_000);
  });

  it('reads from the primary while the replica is unreachable, answering 200', async () => {
    const { eventId } = await printAs(a, writer);
    expect(await logboek(dead, reader)).toContain(eventId);
    expect(dead.database.replica!.usable()).toBe(false);
    // Even a statement sent to the read handle itself runs on the primary.
    const { port } = firstRow<{ port: number }>(
      await dead.database.readDb.execute(sql`select inet_server_port() as port`),
    );
    expect(port).toBe(Number(new URL(copy.url!).port || 5432));
    const inTransaction = await dead.database.readDb.transaction(async (tx) =>
      rowsOf<{ port: number }>(await tx.execute(sql`select inet_server_port() as port`)),
    );
    expect(inTransaction[0]!.port).toBe(port);
    const ready = await dead.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.json()).toEqual({ status: 'degraded', checks: { database: 'ok', replica: 'unavailable' } });
  });
});
