/**
 * Bench: the morning round through the proxy topology. PostgreSQL and HAProxy only (TEST_DATABASE_URL, haproxy
 * at /usr/sbin/haproxy or HAPROXY_PATH). A fresh database with the demo world and a national world generated in
 * SQL (bench/support/national-world.ts), two built instances (packages/server/dist/main.js) and HAProxy with
 * deploy/haproxy/haproxy.cfg. Through the proxy: one login per care centre, then for `seconds` the tablets poll
 * their ward's Toedienlijst every 30 s with If-None-Match (a failed poll sent once more after 1 s, as the
 * web app's query client does), registrations arrive at `rate` per second spread over
 * the wards (each with an Idempotency-Key, sent again by the client only on 502/503/504 or a lost connection),
 * and logins at `logins` per second. Halfway the first instance is killed (SIGKILL). At the end: p50/p95/p99 and
 * errors per call, and every acknowledged registration checked in the database, exactly once.
 * Sizes: name=value arguments or ROUND_<NAME> variables, the defaults are the national size:
 *   centres=1000 tablets=10000 rate=60 seconds=300 logins=1 poll=30 (seconds between a tablet's polls)
 *   gzip=1 (the polls take gzip, as a tablet's browser does; gzip=0 asks for uncompressed answers)
 *   scatter=1 (registration i goes to a ward drawn from a fixed pseudo-random sequence, as nurses all over the
 *   country register at once; 0: ward i mod wards, which sweeps the wards in id order, the runs before 30 November)
 *   turn=210 (seconds into the run at which every ward's round starts, as at 07:00 in the whole country: the
 *   world's first dose moved there and the run started to match; 0: only the clock's own turns; negative: that
 *   many seconds before the run, after the instances' warm-up, so their kept lists turned while no request came)
 * A quick run (a few minutes on 2 cores): npm run bench:round -- centres=100 tablets=1000 rate=20 seconds=60
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/platform/db/client.ts';
import { migrationsFolder } from '../src/platform/db/migrations.ts';
import { seedDemoWorld } from '../src/seed/demo-world.ts';
import { rollOverPlannedDays } from '../src/areas/medication/public.ts';
import { addDays, localDate } from '../src/platform/time.ts';
import { durationMs } from '../src/platform/config.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { freshPostgres } from './support/fresh-postgres.ts';
import { passwordGrantForm } from './support/password-grant.ts';
import { generateNationalWorld } from './support/national-world.ts';
import { Calls, client, schedule, table } from './support/round-load.ts';
import { exactlyOnce, maxAdministrationId } from './support/exactly-once.ts';
import { scheduleRoundTurn } from './support/round-turn.ts';
import { findHaproxy, freePort, startHaproxy, startInstance, type Running } from './support/topology.ts';

const size = (name: string, fallback: number) => {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`${name}=`));
  return Number(arg?.slice(name.length + 1) ?? process.env[`ROUND_${name.toUpperCase()}`] ?? fallback);
};
const CENTRES = size('centres', 1000);
const TABLETS = size('tablets', 10_000);
const RATE = size('rate', 60);
const SECONDS = size('seconds', 300);
const LOGINS = size('logins', 1);
const POLL_EVERY_S = size('poll', 30);
/** Tablets ask for their list as a browser does (Accept-Encoding with gzip); gzip=0: an uncompressed client. */
const GZIP = size('gzip', 1) !== 0;
const TURN_S = size('turn', Math.round(SECONDS * 0.7));
const SCATTER = size('scatter', 1) === 1;
/** What the logins before a run take at the national size (1,000 nurses): the start waits for them. */
const LOGINS_MS = 15_000;
const P99_GOAL_MS = 150;
const RETRYABLE = new Set([0, 502, 503, 504]);
const RESEND_FOR_MS = 20_000;

/** The client's pause before sending again: 100 ms, doubling per attempt up to 2 s (no retry storm). */
const backOff = (attempt: number) =>
  new Promise((r) => setTimeout(r, Math.min(2000, 100 * 2 ** Math.min(attempt, 5))));

const reachable = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => done(socket.destroy() === socket));
    socket.once('error', () => done(false));
  });

async function main() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const haproxy = findHaproxy();
  if (!adminUrl || !haproxy) {
    console.log(`round: needs ${!adminUrl ? 'TEST_DATABASE_URL (PostgreSQL)' : 'haproxy'}. Skipped.`);
    return;
  }
  const database = await freshPostgres(adminUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'zp-round-'));
  const running: Running[] = [];
  let failed = true;
  try {
    failed = !(await round(database.url, haproxy, dataDir, running));
  } finally {
    for (const process of running.reverse()) await process.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

async function round(url: string, haproxy: string, dataDir: string, running: Running[]): Promise<boolean> {
  const secretKey = randomBytes(32).toString('hex');
  const database = await openDatabase(url);
  await database.migrate(migrationsFolder());
  await seedDemoWorld(database.db, { secretKey });
  const world = await generateNationalWorld(database.db, { centres: CENTRES, password: DEMO_PASSWORD });
  console.log(
    `round: ${CENTRES} care centres generated in ${world.seconds.toFixed(1)} s:`,
    Object.entries(world.counts)
      .map(([t, n]) => `${t} ${n}`)
      .join(', '),
  );

  // Every ward's round starting at TURN_S into the run, planned after the day's roll-over and both warm-ups (15 s
  // to a minute each at the national size); a start ready later than that finds the turn earlier in its run.
  const plannedStart = Date.now() + 2 * Math.min(durationMs(process.env.WARM_UP ?? '60s'), 60_000) + 60_000;
  const turn = TURN_S !== 0 ? await scheduleRoundTurn(database.db, plannedStart + TURN_S * 1000) : null;
  if (turn)
    console.log(
      `round: every ward's round starts at ${new Date(turn.turn).toISOString()} (${turn.agreements} agreements'` +
        ` 07:30 moved to ${turn.time})`,
    );

  // The day roll-over each instance awaits as it gets ready, run here first: at this size it takes longer than
  // the 10 s Fastify allows a ready hook, and the stored days are what the Toedienlijst reads.
  const rollStart = performance.now();
  const today = localDate(new Date());
  let rolled = 0;
  for (const day of [today, addDays(today, 1)]) rolled += await rollOverPlannedDays(database.db, day);
  console.log(
    `round: ${rolled} planned days stored in ${((performance.now() - rollStart) / 1000).toFixed(1)} s`,
  );

  const env: Record<string, string> = {
    DATABASE_URL: url,
    SECRET_KEY: secretKey,
    TRUST_PROXY: '127.0.0.1',
    DEMO_DATA: 'false',
  };
  if (await reachable(6379)) env.REDIS_URL = 'redis://127.0.0.1:6379';
  // Each start includes its warm-up (WARM_UP): every ward's list kept before it listens.
  const startedAt = performance.now();
  const first = await startInstance(env, join(dataDir, 'a'));
  running.push(first);
  const secondAt = performance.now();
  running.push(await startInstance(env, join(dataDir, 'b')));
  const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
  console.log(
    `round: instances ready in ${seconds(startedAt, secondAt)} s and ${seconds(secondAt, performance.now())} s`,
  );
  const port = await freePort();
  running.push(await startHaproxy(haproxy, `127.0.0.1:${port}`, [running[0]!.address, running[1]!.address]));
  console.log(
    `round: 2 instances${env.REDIS_URL ? ' with Redis' : ''} behind HAProxy on ${port}; ${TABLETS} tablets, ` +
      `${RATE} registrations/s${SCATTER ? ' (wards drawn at random)' : ' (sweeping the wards in order)'}, ${LOGINS} logins/s for ${SECONDS} s, ` +
      `instance 1 killed at ${SECONDS / 2} s` +
      `; polls ${GZIP ? 'take gzip' : 'uncompressed'}`,
  );

  const waitMs = turn ? turn.turn - TURN_S * 1000 - LOGINS_MS - Date.now() : 0;
  if (waitMs > 0) {
    console.log(`round: waiting ${(waitMs / 1000).toFixed(0)} s for the planned start`);
    await new Promise((r) => setTimeout(r, waitMs));
  }
  const http = client(`http://127.0.0.1:${port}`);
  const calls = {
    login: new Calls(),
    'list 200': new Calls(),
    'list 304': new Calls(),
    registration: new Calls(),
  };
  // A login whose connection was lost (or that met a dying instance) is sent again: a password grant only opens
  // a session, the abandoned one expires.
  const login = async (username: string, due = performance.now()): Promise<string | null> => {
    const res = await http.send(
      'POST',
      '/oauth/token',
      { 'content-type': 'application/x-www-form-urlencoded' },
      passwordGrantForm(username),
    );
    const ms = performance.now() - due;
    if (RETRYABLE.has(res.status) && ms < RESEND_FOR_MS) {
      await backOff(0);
      return login(username, due);
    }
    if (res.status !== 200) {
      calls.login.fail(ms, due, `login ${res.status} ${res.body.slice(0, 200)}`);
      return null;
    }
    calls.login.ok(ms, due);
    return `Bearer ${(JSON.parse(res.body) as { access_token: string }).access_token}`;
  };
  const tokens = new Map<string, string>();
  for (let i = 0; i < world.nurses.length; i += 8) {
    await Promise.all(
      world.nurses.slice(i, i + 8).map(async (nurse) => {
        const token = await login(nurse);
        if (token) tokens.set(nurse, token);
      }),
    );
  }
  console.log(
    `round: ${tokens.size} nurses logged in, login p50 ${calls.login.percentile(50).toFixed(0)} ms`,
  );
  const idBefore = await maxAdministrationId(database.db);

  // Tablet t shows ward t mod wards; its polls are due at t × 30 s / tablets, then every 30 s.
  const etags: (string | undefined)[] = new Array(TABLETS);
  let pollsSentAgain = 0;
  // A failed poll (no answer, or a 5xx) is sent once more after a second, as the tablet's query client does
  // (packages/web/src/lib/query-client.ts: one retry of a query that did not fail with a 4xx).
  const poll = async (t: number, due: number, retry = true): Promise<void> => {
    const ward = world.wards[t % world.wards.length]!;
    const headers: Record<string, string> = { authorization: tokens.get(ward.nurse) ?? '' };
    if (etags[t]) headers['if-none-match'] = etags[t];
    if (GZIP) headers['accept-encoding'] = 'gzip, deflate, br';
    const res = await http.send('GET', `/api/administration/list?departmentId=${ward.departmentId}`, headers);
    if (retry && (res.status === 0 || res.status >= 500)) {
      pollsSentAgain++;
      await new Promise((r) => setTimeout(r, 1000));
      return poll(t, due, false);
    }
    const ms = performance.now() - due;
    if (res.status === 304) calls['list 304'].ok(ms, due);
    else if (res.status === 200) {
      etags[t] = res.etag;
      calls['list 200'].ok(ms, due);
    } else calls['list 200'].fail(ms, due, `list ${res.status} ${res.body.slice(0, 200)}`);
  };
  // Registration i: ward i mod wards (or with scatter=1 one drawn by a multiplicative hash of i), that ward's
  // as-needed agreement (i / wards) mod clients, given now.
  const acknowledged = new Map<string, number>();
  let resent = 0;
  const register = async (i: number, due: number) => {
    const drawn = Math.floor(((Math.imul(i + 1, 2654435761) >>> 0) / 2 ** 32) * world.wards.length);
    const ward = world.wards[SCATTER ? drawn : i % world.wards.length]!;
    const agreement = ward.asNeeded[Math.floor(i / world.wards.length) % ward.asNeeded.length]!;
    const key = randomUUID();
    const body = JSON.stringify({
      AgreementId: agreement,
      ScheduledAt: null,
      Status: 'given',
      AdministeredAt: new Date().toISOString(),
    });
    const headers = {
      authorization: tokens.get(ward.nurse) ?? '',
      'content-type': 'application/json',
      'idempotency-key': key,
    };
    for (let attempt = 0; ; attempt++) {
      const res = await http.send('POST', '/api/administration/registration', headers, body);
      const ms = performance.now() - due;
      if (res.status === 201) {
        acknowledged.set(key, (JSON.parse(res.body) as { Id: number }).Id);
        return calls.registration.ok(ms, due);
      }
      if (!RETRYABLE.has(res.status) || ms > RESEND_FOR_MS) {
        return calls.registration.fail(ms, due, `registration ${res.status} ${res.body.slice(0, 200)}`);
      }
      resent++;
      await backOff(attempt);
    }
  };

  const inFlight = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };
  const start = performance.now() + Math.max(1000, turn ? turn.turn - TURN_S * 1000 - Date.now() : 0);
  const turnAt = turn ? performance.now() + turn.turn - Date.now() : NaN;
  if (turn)
    console.log(`round: every ward's round starts at ${((turnAt - start) / 1000).toFixed(0)} s of the run`);
  const until = start + SECONDS * 1000;
  const killAt = start + (SECONDS * 1000) / 2;
  const killer = setTimeout(() => {
    first.kill();
    console.log(`round: instance 1 killed (kill -9) at ${((performance.now() - start) / 1000).toFixed(0)} s`);
  }, killAt - performance.now());
  await Promise.all([
    schedule(start, until, TABLETS / POLL_EVERY_S, (i, due) => track(poll(i % TABLETS, due))),
    schedule(start, until, RATE, (i, due) => track(register(i, due))),
    schedule(start, until, LOGINS, (i, due) => track(login(world.nurses[i % world.nurses.length]!, due))),
  ]);
  clearTimeout(killer);
  await Promise.all([...inFlight]);
  http.close();

  console.log(`\n${table(calls)}`);
  // Where the slow calls were: before the kill, in the 10 s after it (the survivor takes over), after that.
  const phases: [string, number, number][] = [
    ['before the kill', -Infinity, killAt],
    ['10 s after it', killAt, killAt + 10_000],
    ['after that', killAt + 10_000, Infinity],
  ];
  if (turn) phases.push(["the 30 s from every ward's round start", turnAt, turnAt + 30_000]);
  for (const [phase, from, to] of phases) {
    const part = Object.fromEntries(Object.entries(calls).map(([name, c]) => [name, c.dueWithin(from, to)]));
    console.log(`\n${phase}:\n${table(part)}`);
  }
  // And per 5 s of the schedule: a backlog growing, or a start that settles.
  console.log('\nby 5 s (count p50/p99 ms): list 200 | list 304 | registration');
  for (let from = start; from < until; from += 5000) {
    const cell = (c: Calls) => {
      const part = c.dueWithin(from, from + 5000);
      return `${part.ms.length} ${part.percentile(50).toFixed(0)}/${part.percentile(99).toFixed(0)}`;
    };
    const at = ((from - start) / 1000).toFixed(0).padStart(4);
    console.log(
      `${at} s  ${cell(calls['list 200'])} | ${cell(calls['list 304'])} | ${cell(calls.registration)}`,
    );
  }
  for (const c of Object.values(calls)) for (const s of c.samples) console.log(`  e.g. ${s}`);
  const check = await exactlyOnce(database.db, idBefore, acknowledged);
  await database.close();
  console.log(
    `\nregistrations: ${acknowledged.size} acknowledged (${resent} sent again by the client), ` +
      `${check.present} of them in the database, ${check.missing} lost, ${check.twice} stored twice; ` +
      `${check.unacknowledged} stored for keys the client gave up on; ${pollsSentAgain} polls sent again`,
  );
  const errors = Object.values(calls).reduce((n, c) => n + c.errors, 0);
  const goals: [string, boolean][] = [
    [
      `list p99 < ${P99_GOAL_MS} ms`,
      // A kind of answer that never came (no 304 when every poll found its ward changed) has no p99.
      Math.max(
        ...[calls['list 200'], calls['list 304']].filter((c) => c.ms.length > 0).map((c) => c.percentile(99)),
      ) < P99_GOAL_MS,
    ],
    [`registration p99 < ${P99_GOAL_MS} ms`, calls.registration.percentile(99) < P99_GOAL_MS],
    ['0 errors (including the killed instance)', errors === 0],
    ['0 lost, none stored twice', check.missing === 0 && check.twice === 0],
  ];
  for (const [goal, met] of goals) console.log(`${met ? 'met    ' : 'NOT met'}  ${goal}`);
  return goals.every(([, met]) => met);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
