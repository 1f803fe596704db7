/**
 * Bench, failover of the primary: what a portal instance does while its PostgreSQL primary dies and a standby
 * takes over. On this machine it builds a throw-away pair — a primary and a streaming standby made with
 * pg_basebackup, synchronous (`synchronous_standby_names = '*'`), in a temporary directory on free ports — and
 * puts a small TCP forwarder in front of them as the address the portal is given (what a failover tool, a
 * virtual IP or a pooler provides). A built portal runs on it with the demo world; a nurse's tablet polls the
 * client list and registers doses (each with an Idempotency-Key, sent again on 502/503/504 or a lost
 * connection). Then the primary is killed (`kill -9`), after DETECT_MS the standby is promoted and the forwarder
 * points at it. It prints what the users saw (503s, any other failure), how long, and checks every acknowledged
 * registration on the new primary: stored, exactly once.
 * Needs Debian's PostgreSQL server binaries and `npm run build` (`npm run bench:failover` builds first).
 * Run: npm run bench:failover [seconds-before=8] [seconds-after=12]
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/platform/db/client.ts';
import { passwordGrantForm } from './support/password-grant.ts';
import { Calls, client } from './support/round-load.ts';
import { freePort, startInstance } from './support/topology.ts';
import { seedWriteDepartment } from './support/write-department.ts';

const BEFORE_S = Number(process.argv[2] ?? 8);
const AFTER_S = Number(process.argv[3] ?? 12);
/** How long a failover tool takes to decide the primary is gone (Patroni's loop is ~10 s; a quick one here). */
const DETECT_MS = 3000;
const WRITE_EVERY_MS = 50;
const READ_EVERY_MS = 100;

const version = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql').sort().at(-1) : undefined;
const bin = (tool: string) => `/usr/lib/postgresql/${version}/bin/${tool}`;
if (!version || !existsSync(bin('initdb'))) {
  console.log('skipped: needs the PostgreSQL server binaries (apt-get install postgresql)');
  process.exit(0);
}

/** The PostgreSQL tools refuse root: as root they run as the postgres user. */
const asPostgres = (tool: string, args: string[]) =>
  process.getuid?.() === 0
    ? execFileSync('runuser', ['-u', 'postgres', '--', bin(tool), ...args], { stdio: 'pipe' })
    : execFileSync(bin(tool), args, { stdio: 'pipe' });
const sql = (port: number, query: string, db = 'postgres') =>
  asPostgres('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', db, '-XAtqc', query])
    .toString()
    .trim();

const dir = mkdtempSync(join(tmpdir(), 'zp-failover-'));
if (process.getuid?.() === 0) {
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres']).toString()));
  chownSync(dir, uid!, gid!);
}
const primaryDir = join(dir, 'primary');
const standbyDir = join(dir, 'standby');
const [primaryPort, standbyPort, forwardPort] = [await freePort(), await freePort(), await freePort()];
const settings = (port: number) =>
  `\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\n`;

async function startPair() {
  asPostgres('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-N']);
  appendFileSync(primaryDir + '/postgresql.conf', settings(primaryPort));
  asPostgres('pg_ctl', ['-D', primaryDir, '-l', join(dir, 'primary.log'), '-w', 'start']);
  sql(primaryPort, 'create database zp');
  const from = ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'];
  asPostgres('pg_basebackup', [...from, '-D', standbyDir, '-R', '-X', 'stream', '-c', 'fast']);
  appendFileSync(standbyDir + '/postgresql.conf', settings(standbyPort));
  asPostgres('pg_ctl', ['-D', standbyDir, '-l', join(dir, 'standby.log'), '-w', 'start']);
  // Synchronous from now on: a commit is acknowledged once the standby has it, so a promotion loses nothing.
  sql(primaryPort, "alter system set synchronous_standby_names = '*'");
  sql(primaryPort, 'select pg_reload_conf()');
  // Without it the "nothing lost" check below would prove nothing: refuse to measure.
  for (let i = 0; sql(primaryPort, 'select sync_state from pg_stat_replication') !== 'sync'; i++) {
    if (i === 100) throw new Error('the standby did not become synchronous within 10 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The portal's database address: a TCP forwarder that a failover points elsewhere, cutting what it carried. */
function forwarder(port: number) {
  let target = primaryPort;
  const open = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = createConnection(target, '127.0.0.1');
    const drop = () => {
      for (const s of [inbound, outbound]) {
        s.destroy();
        open.delete(s);
      }
    };
    for (const s of [inbound, outbound]) {
      open.add(s);
      s.on('error', drop).on('close', drop);
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  server.listen(port, '127.0.0.1');
  return {
    pointAt(next: number) {
      target = next;
      for (const s of open) s.destroy();
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

/** On any exit, a failed start included: the PostgreSQL pair stopped and the directory removed. */
process.once('exit', () => {
  for (const d of [standbyDir, primaryDir])
    try {
      asPostgres('pg_ctl', ['-D', d, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // not running (the killed primary, or a start that failed)
    }
  rmSync(dir, { recursive: true, force: true });
});
await startPair();
const forward = forwarder(forwardPort);
const databaseUrl = `postgres://postgres@127.0.0.1:${forwardPort}/zp`;
const portal = await startInstance(
  {
    DATABASE_URL: databaseUrl,
    DEMO_DATA: 'true',
    SECRET_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: '',
  },
  join(dir, 'portal'),
);
process.once('exit', () => portal.kill());
const seeding = await openDatabase(databaseUrl);
const bodies = await seedWriteDepartment(seeding.db, 60, 2);
await seeding.close();

const http = client(`http://${portal.address}`, 64);
const login = await http.send(
  'POST',
  '/oauth/token',
  { 'Content-Type': 'application/x-www-form-urlencoded' },
  passwordGrantForm('verpleegkundige'),
);
const auth = { Authorization: `Bearer ${(JSON.parse(login.body) as { access_token: string }).access_token}` };

/** Every answer with its time since the start, for the outage's timeline. */
const seen: { at: number; status: number }[] = [];
const started = Date.now();
const calls = { read: new Calls(), registration: new Calls() };
const acknowledged = new Set<number>();
let stop = false;
let resent = 0;
const retryable = (status: number) => status === 0 || status === 502 || status === 503 || status === 504;

async function register(body: string) {
  const headers = { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() };
  for (;;) {
    const t0 = Date.now();
    const res = await http.send('POST', '/api/administration/registration', headers, body);
    seen.push({ at: Date.now() - started, status: res.status });
    if (res.status === 201 || res.status === 200) {
      acknowledged.add((JSON.parse(res.body) as { Id: number }).Id);
      return calls.registration.ok(Date.now() - t0, t0);
    }
    if (!retryable(res.status) || stop)
      return calls.registration.fail(Date.now() - t0, t0, `${res.status} ${res.body}`);
    resent++;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function loop(everyMs: number, step: () => Promise<void>) {
  while (!stop) await Promise.all([step(), new Promise((r) => setTimeout(r, everyMs))]);
}
let next = 0;
const writing = loop(WRITE_EVERY_MS, () =>
  next < bodies.length ? register(bodies[next++]!) : Promise.resolve(),
);
const reading = loop(READ_EVERY_MS, async () => {
  const t0 = Date.now();
  const res = await http.send('GET', '/api/patients', auth);
  seen.push({ at: Date.now() - started, status: res.status });
  if (res.status === 200) calls.read.ok(Date.now() - t0, t0);
  else calls.read.fail(Date.now() - t0, t0, `${res.status} ${res.body.slice(0, 120)}`);
});

await new Promise((r) => setTimeout(r, BEFORE_S * 1000));
const killedAt = Date.now() - started;
const primaryPid = Number(readFileSync(join(primaryDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
process.kill(primaryPid, 'SIGKILL');
await new Promise((r) => setTimeout(r, DETECT_MS));
asPostgres('pg_ctl', ['-D', standbyDir, '-w', 'promote']);
forward.pointAt(standbyPort);
const promotedAt = Date.now() - started;
await new Promise((r) => setTimeout(r, AFTER_S * 1000));
stop = true;
await Promise.all([writing, reading]);

const after = seen.filter((s) => s.at >= killedAt);
const firstOkAfterPromotion = after.find((s) => s.at >= promotedAt && s.status < 300)?.at;
const count = (test: (status: number) => boolean) => after.filter((s) => test(s.status)).length;
const ids = [...acknowledged];
const stored = ids.length
  ? Number(sql(standbyPort, `select count(*) from administrations where id in (${ids.join(',')})`, 'zp'))
  : 0;
// Each body is its own planned moment: a moment with more than one original registration was stored twice.
const twice = ids.length
  ? Number(
      sql(
        standbyPort,
        `select count(*) - count(distinct (agreement_id, scheduled_at)) from administrations
         where corrects_id is null and (agreement_id, scheduled_at) in
           (select agreement_id, scheduled_at from administrations where id in (${ids.join(',')}))`,
        'zp',
      ),
    )
  : 0;

console.log(
  `\nFailover of the primary (PostgreSQL ${version}, synchronous standby, portal ${portal.address})`,
);
console.log(
  `primary killed at ${(killedAt / 1000).toFixed(1)} s, standby promoted ${DETECT_MS / 1000} s later`,
);
console.log(
  `answers from the kill on: ${after.length}; 503: ${count((s) => s === 503)}; other 5xx: ${count((s) => s >= 500 && s !== 503)} (goal 0); no answer: ${count((s) => s === 0)}`,
);
console.log(
  `users without service: ${firstOkAfterPromotion === undefined ? 'never recovered' : `${((firstOkAfterPromotion - killedAt) / 1000).toFixed(1)} s, of which ${((firstOkAfterPromotion - promotedAt) / 1000).toFixed(1)} s after the promotion`}`,
);
console.log(
  `reads: ${calls.read.ms.length}, failed ${calls.read.errors}; registrations: ${acknowledged.size} acknowledged (${resent} sent again), failed ${calls.registration.errors} (goal 0)`,
);
console.log(
  `on the new primary: ${stored} of ${ids.length} acknowledged registrations stored (goal all), ${twice} moments stored twice (goal 0)`,
);
for (const sample of [...calls.read.samples, ...calls.registration.samples])
  console.log(`  failure: ${sample}`);

http.close();
await portal.stop();
await forward.close();
