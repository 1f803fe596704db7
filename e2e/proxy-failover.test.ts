import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './support/browser.ts';
import { passwordToken } from './support/api.ts';
import { freshPostgres } from './support/fresh-postgres.ts';
import {
  findHaproxy,
  startHaproxy,
  startInstance,
  type Running,
} from '../packages/server/bench/support/topology.ts';
import { freePort } from './support/server-process.ts';

/**
 * Two instances on one PostgreSQL behind the checked-in HAProxy configuration (deploy/haproxy/haproxy.cfg).
 * Registrations from eight writers and a polling tablet go through the proxy while one instance is killed
 * (SIGKILL, no goodbye): no request fails, no registration is lost, none is stored twice. Also: a ward's list
 * polls all reach one instance (which keeps that ward's answer), the event stream passes the proxy unbuffered,
 * and an instance taken out by its health checks has its event streams closed and its other requests in flight
 * finished; with every instance taken out the same instances still answer, as last-resort backups. (The instances
 * run with TRUST_PROXY; trust-proxy.test.ts shows its effect.)
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const haproxy = findHaproxy();
const missing = !adminUrl ? 'TEST_DATABASE_URL' : !haproxy ? 'haproxy (apt-get install haproxy)' : null;
if (missing && process.env.PROXY_REQUIRED === '1') throw new Error(`The proxy test needs ${missing}`);

const WRITERS = 8;
const PER_WRITER = 25;
/** A write is sent again (same Idempotency-Key) while the proxy answers 502/503/504 or the connection fails. */
const RETRYABLE = new Set([502, 503, 504]);

describe.skipIf(missing !== null)(
  `two instances behind HAProxy${missing ? ` (needs ${missing})` : ''}`,
  () => {
    let database: Awaited<ReturnType<typeof freshPostgres>>;
    const dataDir = mkdtempSync(join(tmpdir(), 'zp-proxy-'));
    const running: Running[] = [];
    let proxy: string;
    /** HAProxy's runtime API (a socket the test adds to the checked-in configuration). */
    const adminSocket = join(dataDir, 'admin.sock');
    let first: Running;

    beforeAll(async () => {
      database = await freshPostgres(adminUrl!);
      const env = {
        DATABASE_URL: database.url,
        SECRET_KEY: randomBytes(32).toString('hex'),
        TRUST_PROXY: '127.0.0.1',
      };
      // The first migrates and seeds; the second starts on the ready database.
      first = await startInstance({ ...env, DEMO_DATA: 'true' }, join(dataDir, 'a'));
      running.push(first);
      running.push(await startInstance({ ...env, DEMO_DATA: 'false' }, join(dataDir, 'b')));
      const port = await freePort();
      const adminConfig = join(dataDir, 'admin.cfg');
      writeFileSync(adminConfig, `global\n    stats socket ${adminSocket} level admin\n`);
      const instances = [running[0]!.address, running[1]!.address];
      running.push(await startHaproxy(haproxy!, `127.0.0.1:${port}`, instances, [adminConfig]));
      proxy = `http://127.0.0.1:${port}`;
    }, 180_000);

    afterAll(async () => {
      for (const process of running.reverse()) await process.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const tokenOf = async (username: string) => `Bearer ${await passwordToken(proxy, username)}`;
    const json = async <T>(res: Response): Promise<T> => {
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      return (await res.json()) as T;
    };

    /** One command to HAProxy's runtime API, and its answer. */
    const admin = (command: string) =>
      new Promise<string>((resolve, reject) => {
        let answer = '';
        const socket = connect(adminSocket, () => socket.end(`${command}\n`));
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    /** A figure of `show stat` for each instance (app1, app2, or the servers named) in one of the proxy's backends. */
    const serverStat = async (
      backend: string,
      figure: string,
      servers = ['app1', 'app2'],
    ): Promise<number[]> => {
      const [header, ...rows] = (await admin('show stat')).replace(/^# /, '').trim().split('\n');
      const column = (name: string) => header!.split(',').indexOf(name);
      const cells = rows.map((row) => row.split(','));
      return servers.map((server) => {
        const row = cells.find((c) => c[column('pxname')] === backend && c[column('svname')] === server);
        if (!row) throw new Error(`The proxy has no server ${backend}/${server}`);
        return Number(row[column(figure)]);
      });
    };
    /** The requests in flight at each instance in one of the proxy's backends. */
    const inFlight = (backend: string) => serverStat(backend, 'scur');
    const until = async (what: string, check: () => boolean | Promise<boolean>) => {
      for (const deadline = Date.now() + 10_000; !(await check());) {
        if (Date.now() > deadline) throw new Error(`Waited 10 s for ${what}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    /** An event stream through the proxy, read from its `ready` event until it ends. */
    const openStream = async (token: string) => {
      const res = await fetch(`${proxy}/api/communication/stream`, { headers: { authorization: token } });
      const reader = res.body!.getReader();
      let text = '';
      while (!text.includes('event: ready')) text += new TextDecoder().decode((await reader.read()).value);
      let ended = false;
      void (async () => {
        while (!(await reader.read().catch(() => ({ done: true }))).done);
        ended = true;
      })();
      return { ended: () => ended, close: () => reader.cancel().catch(() => {}) };
    };

    it('passes the event stream through unbuffered', async () => {
      const nurse = await tokenOf('verpleegkundige');
      const stop = new AbortController();
      const res = await fetch(`${proxy}/api/communication/stream`, {
        headers: { authorization: nurse },
        signal: stop.signal,
      });
      expect(res.status).toBe(200);
      // The first event arrives while the stream stays open: a buffering proxy would hold it back.
      const reader = res.body!.getReader();
      let text = '';
      while (!text.includes('event: ready')) text += new TextDecoder().decode((await reader.read()).value);
      stop.abort();
    });

    it("sends every poll of one ward's Toedienlijst to one instance", async () => {
      const nurse = { authorization: await tokenOf('verpleegkundige') };
      const ward = (
        await json<{ DepartmentId: number }>(
          await fetch(`${proxy}/api/administration/list`, { headers: nurse }),
        )
      ).DepartmentId;
      // The requests each instance got in the ward lists' backend.
      const sent = () => serverStat('ward_lists', 'stot');
      const before = await sent();
      for (let i = 0; i < 10; i++)
        await json(await fetch(`${proxy}/api/administration/list?departmentId=${ward}`, { headers: nurse }));
      const after = await sent();
      expect(after.map((n, i) => n - before[i]!).sort((a, b) => a - b)).toEqual([0, 10]);
    });

    it('answers an unchanged Toedienlijst with 304 on the instance that did not build it', async () => {
      const nurse = await tokenOf('verpleegkundige');
      const list = (address: string, etag?: string) =>
        fetch(`http://${address}/api/administration/list`, {
          headers: { authorization: nurse, ...(etag ? { 'if-none-match': etag } : {}) },
        });
      const [a, b] = [running[0]!.address, running[1]!.address];
      const built = await list(a);
      expect(built.status).toBe(200);
      const etag = built.headers.get('etag')!;
      expect((await list(b, etag)).status).toBe(304);
      expect((await list(a, etag)).status).toBe(304);
    });

    it('closes the event streams of an instance the checks take out, and lets its other requests finish', async () => {
      const nurse = await tokenOf('verpleegkundige');
      // Streams until each instance holds one of them (the fewest connections; an earlier test's stream may
      // still be open at one), each with the instance it went to.
      const streams: { at: number; ended(): boolean; close(): Promise<void> }[] = [];
      for (let tries = 0; !streams.some((s) => s.at === 0) || !streams.some((s) => s.at === 1); tries++) {
        expect(tries).toBeLessThan(8);
        const before = await inFlight('event_streams');
        const stream = await openStream(nurse);
        const at = (await inFlight('event_streams')).findIndex((n, i) => n > before[i]!);
        // Not told apart when the earlier stream ended at the same moment: set aside.
        if (at === -1) await stream.close();
        else streams.push({ at, ...stream });
      }
      // A login in flight: its head and part of its body sent, the rest held back.
      const form = new URLSearchParams({
        grant_type: 'password',
        client_id: '1',
        product_id: '1',
        username: 'verpleegkundige',
        password: DEMO_PASSWORD,
      }).toString();
      const socket = connect(Number(new URL(proxy).port), '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('error', () => {}); // a cut connection: the answer stays empty
      const closed = new Promise((resolve) => socket.on('close', resolve));
      socket.write(
        `POST /oauth/token HTTP/1.1\r\nhost: portal\r\ncontent-type: application/x-www-form-urlencoded\r\n` +
          `content-length: ${form.length}\r\nconnection: close\r\n\r\n${form.slice(0, 10)}`,
      );
      await until('the login to reach an instance', async () =>
        (await inFlight('portal')).some((n) => n > 0),
      );
      const down = (await inFlight('portal'))[0]! > 0 ? 0 : 1;
      const server = `app${down + 1}`;
      // As when its checks fail: the instance is marked down.
      await admin(`set server portal/${server} health down`);
      try {
        const there = streams.filter((s) => s.at === down);
        await until('the streams of the instance taken out to end', () => there.every((s) => s.ended()));
        await new Promise((r) => setTimeout(r, 500));
        expect(streams.filter((s) => s.at !== down && s.ended())).toEqual([]);
        socket.end(form.slice(10));
        await closed;
        expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      } finally {
        await admin(`set server portal/${server} health up`);
        for (const stream of streams) await stream.close();
      }
    });

    it('keeps answering through the instances themselves when the checks have taken every one out', async () => {
      const nurse = { authorization: await tokenOf('verpleegkundige') };
      // The requests the backups answered: the list's in the ward lists' backend, the login's in the portal's.
      const backups = async () =>
        (await serverStat('ward_lists', 'stot', ['app1_last', 'app2_last'])).concat(
          await serverStat('portal', 'stot', ['app1_last', 'app2_last']),
        );
      const before = await backups();
      // As when an overloaded last instance answers its checks late: every checked server is marked down.
      await admin('set server portal/app1 health down');
      await admin('set server portal/app2 health down');
      try {
        const list = await fetch(`${proxy}/api/administration/list`, { headers: nurse });
        expect(list.status, await list.clone().text()).toBe(200);
        await list.arrayBuffer();
        expect((await tokenOf('assistent')).startsWith('Bearer ')).toBe(true);
        const served = (await backups()).map((n, i) => n - before[i]!);
        expect(served[0]! + served[1]!, 'lists').toBeGreaterThanOrEqual(1);
        expect(served[2]! + served[3]!, 'logins').toBeGreaterThanOrEqual(1);
      } finally {
        await admin('set server portal/app1 health up');
        await admin('set server portal/app2 health up');
      }
    });

    it('loses no registration and fails no request when an instance is killed mid-round', async () => {
      const beheerder = await tokenOf('beheerder');
      const nurse = await tokenOf('verpleegkundige');
      const list = await json<{ Moments: { PatientId: number }[] }>(
        await fetch(`${proxy}/api/administration/list`, { headers: { authorization: nurse } }),
      );
      const catalogue = await json<{ Rows: { Id: number }[] }>(
        await fetch(`${proxy}/api/medication/catalogue?q=PARACETAMOL`, {
          headers: { authorization: beheerder },
        }),
      );
      // As needed and without a daily maximum: every registration is accepted, so each one counts.
      const agreement = await json<{ Id: number }>(
        await fetch(`${proxy}/api/medication/agreement`, {
          method: 'POST',
          headers: { authorization: beheerder, 'content-type': 'application/json' },
          body: JSON.stringify({
            PatientId: list.Moments[0]!.PatientId,
            MedicationId: catalogue.Rows[0]!.Id,
            Prescriber: 'dr. Proxy',
            Type: 'as_needed',
            Start: '2025-01-01',
            Instructions: { DoseUnit: 'tablet', AsNeededCriterion: 'bij pijn', AsNeededDose: 1 },
            DistributionForm: 'gds',
          }),
        }),
      );

      let acknowledged = 0;
      let resent = 0;
      const failures: string[] = [];
      const stored = new Map<string, number>();
      /** One registration: sent until the portal answers it (a deadline, not a retry count, bounds it). */
      const register = async (i: number) => {
        const key = randomUUID();
        const body = JSON.stringify({
          AgreementId: agreement.Id,
          ScheduledAt: null,
          Status: 'given',
          AdministeredAt: new Date(Date.now() - i * 1000).toISOString(),
        });
        const deadline = Date.now() + 20_000;
        for (;;) {
          // A connection refused or an answer cut off by the kill is no answer: sent again with the same key.
          const res = await fetch(`${proxy}/api/administration/registration`, {
            method: 'POST',
            headers: { authorization: nurse, 'content-type': 'application/json', 'idempotency-key': key },
            body,
          })
            .then(
              async (r) => ({ status: r.status, text: await r.text() }),
              () => null,
            )
            .catch(() => null);
          if (res?.status === 201) {
            stored.set(key, (JSON.parse(res.text) as { Id: number }).Id);
            acknowledged++;
            return;
          }
          if ((res && !RETRYABLE.has(res.status)) || Date.now() > deadline) {
            failures.push(`POST ${res?.status ?? 'no answer'}: ${res?.text}`);
            return;
          }
          resent++;
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      const writers = Array.from({ length: WRITERS }, async (_, w) => {
        for (let n = 0; n < PER_WRITER; n++) await register(w * PER_WRITER + n);
      });
      // A tablet polling its list. A refused connection or an instance that dies before answering is the proxy's
      // to retry, so no poll may fail; an answer the dying instance had started sending is cut off (no proxy can
      // resend half an answer), and the tablet polls again, as its next refresh would: that one must succeed.
      let polling = true;
      let polls = 0;
      let cut = 0;
      const poll = async () => {
        const res = await fetch(`${proxy}/api/administration/list`, { headers: { authorization: nurse } });
        await res.arrayBuffer();
        return res.status === 200 ? null : `GET list ${res.status}`;
      };
      const poller = (async () => {
        while (polling) {
          const outcome = await poll().catch(() => {
            cut++;
            return poll().catch((err: Error) => `GET list cut off twice: ${err.message}`);
          });
          if (outcome) failures.push(outcome);
          polls++;
        }
      })();
      // Killed once a third of the round is in, while writes and polls are in flight.
      while (acknowledged < (WRITERS * PER_WRITER) / 3) await new Promise((r) => setTimeout(r, 10));
      first.kill();
      await Promise.all(writers);
      polling = false;
      await poller;

      expect(failures).toEqual([]);
      expect(acknowledged).toBe(WRITERS * PER_WRITER);
      expect(polls).toBeGreaterThan(0);
      expect(cut).toBeLessThanOrEqual(1);
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      const { rows } = await db.query<{ id: string }>(
        'select id from administrations where agreement_id = $1',
        [agreement.Id],
      );
      await db.end();
      // Exactly once: every acknowledged registration is stored, no key stored twice.
      expect(rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
        [...stored.values()].sort((a, b) => a - b),
      );
      expect(new Set(stored.values()).size).toBe(WRITERS * PER_WRITER);
      // The proxy routes around the dead instance.
      expect((await fetch(`${proxy}/health/ready`)).status).toBe(200);
      console.log(
        `proxy failover: ${acknowledged} registrations (${resent} sent again by the client), ${polls} polls (${cut} cut off)`,
      );
    });
  },
);
