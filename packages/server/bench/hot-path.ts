/**
 * Bench, the patient-data hot path: what a ward calls all day, as the De Berk nurse, against a
 * bare Fastify route answering the identical bytes, side by side in one run:
 * - GET /api/administration/list (the Toedienlijst, no If-None-Match: a full build every time, the instance's
 *   kept lists switched off) of the nurse's default department, of a ward of 22 clients (88 moments) and of a
 *   large ward of 60 (240 moments); and the ward of 22 as another tablet of the ward gets it once one tablet's
 *   request built it (an app with the kept lists, as in production: the version, not the data, is read),
 *   once without Accept-Encoding (the kept answer unzipped for it) and once as a browser asks (`gzip`: the
 *   kept bytes as they are; the bare route then answers the same gzipped bytes);
 * - GET /api/patients (the client list): the default page, and each ward's clients; as production answers it (an app
 *   that keeps the lists it read while their care centres' counters stand still) and read every time;
 * - POST /api/administration/registration, 16 concurrent writers, every request a different planned moment
 *   (given at its planned time, so inside the time window: no 422), each answer checked to be 2xx.
 * On PGlite always (on a data directory on disk, as `npm start`), and on PostgreSQL when TEST_DATABASE_URL is set (a fresh database, dropped afterwards;
 * BENCH_ONLY=pglite|postgres picks one). The servers run in this process; autocannon runs as a child
 * process. Each row: req/s, p50/p99 latency, and this process's CPU time per answered request (the servers'
 * own cost, which a busy shared host disturbs less than req/s). BENCH_PART=list|patients|registration runs one part; BENCH_CPU_PROFILE=<file.cpuprofile> writes a
 * CPU profile of this process taken only while the app (not the bare route) is under load.
 * Run: npx tsx packages/server/bench/hot-path.ts [seconds=3] [rounds=2] [connections=32]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Session } from 'node:inspector/promises';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { openDatabase } from '../src/platform/db/client.ts';
import { migrationsFolder } from '../src/platform/db/migrations.ts';
import { seedDemoWorld } from '../src/seed/demo-world.ts';
import { appAs } from './support/app-as.ts';
import { coreSplit, type CoreSplit } from './support/core-split.ts';
import { type Load, printReport, type Row } from './support/hot-path-report.ts';
import { onEachDatabase } from './support/measure.ts';
import { seedWriteDepartment } from './support/write-department.ts';
import { seedWard } from './support/ward.ts';

const SECONDS = Number(process.argv[2] ?? 3);
const ROUNDS = Number(process.argv[3] ?? 2);
const CONNECTIONS = Number(process.argv[4] ?? 32);
const WRITERS = 16;
const PART = process.env.BENCH_PART;
const AUTOCANNON = path.resolve(import.meta.dirname, '../../../node_modules/.bin/autocannon');
const LOAD_BODIES = path.resolve(import.meta.dirname, 'support/load-bodies.mjs');
const run = promisify(execFile);
const PROFILE = process.env.BENCH_CPU_PROFILE;
const inspector = PROFILE ? new Session() : undefined;
if (inspector) {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
}

/** `load` with the CPU profiler running (BENCH_CPU_PROFILE): `<file>-<name>.cpuprofile` per app load. */
async function profiled<T>(name: string, load: () => Promise<T>): Promise<T> {
  if (!inspector) return load();
  await inspector.post('Profiler.start');
  try {
    return await load();
  } finally {
    const { profile } = await inspector.post('Profiler.stop');
    const file = `${PROFILE!.replace(/\.cpuprofile$/, '')}-${name.replace(/\W+/g, '-')}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
  }
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const loadOf = (
  r: AutocannonResult,
  cpu: NodeJS.CpuUsage,
  split: (requests: number) => CoreSplit | null,
): Load => ({
  reqPerSec: r.requests.average,
  split: split(r.requests.total),
  cpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, r.requests.total),
  p50: r.latency.p50,
  p99: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

const headerArgs = (headers: Record<string, string>) =>
  Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]);

/** GET load with autocannon's CLI after a 1 s warm-up that is not counted. */
async function getLoad(url: string, headers: Record<string, string> = {}): Promise<Load> {
  const args = ['-j', '-c', String(CONNECTIONS), ...headerArgs(headers)];
  await run(AUTOCANNON, [...args, '-d', '1', url]);
  const start = process.cpuUsage();
  const split = coreSplit();
  const { stdout } = await run(AUTOCANNON, [...args, '-d', String(SECONDS), url], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return loadOf(JSON.parse(stdout) as AutocannonResult, process.cpuUsage(start), split);
}

/** POST load, each request the next body of `bodies` (support/load-bodies.mjs). */
async function postLoad(url: string, bodies: string[], headers: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'zp-hot-path-'));
  try {
    const file = path.join(dir, 'bodies.json');
    writeFileSync(file, JSON.stringify(bodies));
    const args = [LOAD_BODIES, url, file, String(WRITERS), String(SECONDS)];
    const start = process.cpuUsage();
    const split = coreSplit();
    const { stdout } = await run(
      process.execPath,
      [...args, ...Object.entries(headers).map(([k, v]) => `${k}=${v}`)],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const result = JSON.parse(stdout) as AutocannonResult & { sent: number };
    return { load: loadOf(result, process.cpuUsage(start), split), sent: result.sent };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(label: string, databaseUrl: string | undefined): Promise<Row[]> {
  // PGlite on a data directory on disk, as `npm start` runs it: a write is answered once it is in the files.
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'zp-bench-hot-path-'));
  const database = await openDatabase(databaseUrl ?? path.join(dataDir!, 'pglite'));
  await database.migrate(migrationsFolder());
  const secretKey = 'bench-secret-key-bench-secret-key-0123456789';
  await seedDemoWorld(database.db, { secretKey });
  // Enough distinct moments for every round at the goal's rate, twice over: 8 a day per client, on the
  // past 2 days only (a tap time over ADMINISTERED_AT_MAX_AGE_HOURS old is refused), so many clients.
  const registrationBodies =
    !PART || PART === 'registration'
      ? await seedWriteDepartment(database.db, Math.ceil((ROUNDS * (SECONDS + 1) * 4000) / 16) + 5, 2)
      : [];
  // Every Toedienlijst a full build (the goal's measure) and every client list read; `shared` keeps a ward's
  // built list and the client lists, as production does.
  const { app, auth } = await appAs(database, secretKey, 'verpleegkundige', databaseUrl, {
    dayListCacheBytes: 0,
    clientListCacheBytes: 0,
  });
  const shared =
    PART === 'registration' ? undefined : await appAs(database, secretKey, 'verpleegkundige', databaseUrl);
  const get = async (url: string) => {
    const answer = await app.inject({ method: 'GET', url, headers: auth });
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
    return answer.body;
  };
  // The sizes: a ward (22 clients, 88 moments) and a large ward (60 clients, 240 moments).
  const ward = await seedWard(database.db, 'Afdeling Bench Ward', 22, 20000);
  const large = await seedWard(database.db, 'Afdeling Bench Groot', 60, 20100);
  // The statistics of the seeded world, as autovacuum keeps them in a running installation (after a bulk insert
  // within the minute): without them the plans are those of the empty tables the migrations made.
  await database.db.execute(sql`analyze`);
  const reads: { call: string; part: string; path: string; kept?: boolean; gzip?: boolean }[] = [
    { call: 'Toedienlijst, default department', part: 'list', path: '/api/administration/list' },
    { call: 'Toedienlijst, ward of 22', part: 'list', path: `/api/administration/list?departmentId=${ward}` },
    {
      call: 'Toedienlijst, ward of 60',
      part: 'list',
      path: `/api/administration/list?departmentId=${large}`,
    },
    {
      call: 'Toedienlijst, ward of 22, kept build',
      part: 'list',
      path: `/api/administration/list?departmentId=${ward}`,
      kept: true,
    },
    {
      call: 'Toedienlijst, ward of 22, kept build, gzip',
      part: 'list',
      path: `/api/administration/list?departmentId=${ward}`,
      kept: true,
      gzip: true,
    },
    // The client list as production answers it (kept on the instance per scope and filter while its care
    // centres' counters stand still: the goal's measure), and read every time.
    ...(
      [
        ['default (50)', '/api/patients'],
        ['ward of 22', `/api/patients?departmentId=${ward}&limit=100`],
        ['ward of 60', `/api/patients?departmentId=${large}&limit=100`],
      ] as const
    ).flatMap(([size, path]) => [
      { call: `client list, ${size}`, part: 'patients', path, kept: true },
      { call: `client list, ${size}, not kept`, part: 'patients', path },
    ]),
  ].filter((r) => !PART || PART === r.part);
  const bodies = new Map<string, string>();
  for (const r of reads) bodies.set(r.path, await get(r.path));
  // What a browser (Accept-Encoding: gzip) gets of a kept list: the kept gzipped bytes, the bare route too.
  const GZIP = { 'accept-encoding': 'gzip' };
  const gzipped = new Map<string, Buffer>();
  for (const r of reads.filter((r) => r.gzip)) {
    const answer = await shared!.app.inject({
      method: 'GET',
      url: r.path,
      headers: { ...shared!.auth, ...GZIP },
    });
    if (answer.headers['content-encoding'] !== 'gzip') throw new Error(`${r.path}: not gzipped`);
    gzipped.set(r.path, answer.rawPayload);
  }
  // One registration's answer, for the bare POST route's body.
  const sample = registrationBodies.pop();
  let registrationAnswer = '{}';
  if (sample) {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/administration/registration',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: sample,
    });
    if (answer.statusCode !== 201) throw new Error(`registration: ${answer.statusCode} ${answer.body}`);
    registrationAnswer = answer.body;
  }

  const bare = Fastify({ logger: false });
  // One route per path; the query string picks the captured body (a Map lookup, as cheap as a route).
  for (const pathname of new Set([...bodies.keys()].map((url) => url.split('?')[0]!)))
    bare.get(pathname, (request, reply) => {
      const zipped = request.headers['accept-encoding'] === 'gzip' && gzipped.get(request.url);
      if (zipped) reply.header('content-encoding', 'gzip');
      return reply.type('application/json; charset=utf-8').send(zipped || bodies.get(request.url));
    });
  bare.post('/api/administration/registration', (_request, reply) =>
    reply.code(201).type('application/json; charset=utf-8').send(registrationAnswer),
  );
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const sharedUrl = shared && (await shared.app.listen({ port: 0, host: '127.0.0.1' }));

  const best = (a: Load | undefined, b: Load) => (!a || b.reqPerSec > a.reqPerSec ? b : a);
  const rows: Row[] = [];
  for (const r of reads) {
    // Alternating rounds, best of each: on a shared machine one round can land in someone else's burst.
    let bareBest: Load | undefined;
    let appBest: Load | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      const encoding = r.gzip ? GZIP : {};
      bareBest = best(bareBest, await getLoad(`${bareUrl}${r.path}`, encoding));
      const name = `${label}-${r.call}-${round}`;
      const url = r.kept ? `${sharedUrl}${r.path}` : `${appUrl}${r.path}`;
      const load = await profiled(name, () =>
        getLoad(url, { ...(r.kept ? shared!.auth : auth), ...encoding }),
      );
      if (load.non2xx || load.errors)
        throw new Error(`${label} ${r.call}: ${load.non2xx} non-2xx answers, ${load.errors} errors`);
      appBest = best(appBest, load);
    }
    rows.push({
      label,
      call: r.call,
      bytes: r.gzip ? gzipped.get(r.path)!.length : Buffer.byteLength(bodies.get(r.path)!),
      bare: bareBest!,
      app: appBest!,
    });
  }
  if (sample) {
    let bareBest: Load | undefined;
    let appBest: Load | undefined;
    let next = 0;
    for (let round = 0; round < ROUNDS; round++) {
      bareBest = best(bareBest, (await postLoad(`${bareUrl}/api/administration/registration`, ['{}'])).load);
      const { load, sent } = await profiled(`${label}-registration-${round}`, () =>
        postLoad(`${appUrl}/api/administration/registration`, registrationBodies.slice(next), auth),
      );
      next += sent;
      if (load.non2xx || load.errors || next > registrationBodies.length)
        throw new Error(`${label} registration: ${load.non2xx} non-2xx answers, ${load.errors} errors`);
      appBest = best(appBest, load);
    }
    rows.push({
      label,
      call: `POST /api/administration/registration (${WRITERS} writers)`,
      bytes: Buffer.byteLength(registrationAnswer),
      bare: bareBest!,
      app: appBest!,
    });
  }
  await bare.close();
  await app.close();
  await shared?.app.close();
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

async function main() {
  const rows = (await onEachDatabase(measure, process.env.BENCH_ONLY)).flat();
  printReport(
    rows,
    `The hot path as verpleegkundige vs a bare Fastify route with the same body (autocannon, ${CONNECTIONS}` +
      ` connections for reads, ${WRITERS} for writes, best of ${ROUNDS} alternating rounds of ${SECONDS} s)`,
  );
}

await main();
