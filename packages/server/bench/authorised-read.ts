/**
 * Bench: an authorised read against a bare Fastify route returning the same body, side by side in
 * one run (goal: the authorised GET /api/management/settings reaches ≥ 50 % of the bare route's
 * req/s). On PGlite always, and on PostgreSQL when TEST_DATABASE_URL is set (a fresh database,
 * dropped afterwards). The servers run in this process; autocannon runs as a child process so the
 * load generator does not share their event loop.
 * Run: npx tsx packages/server/bench/authorised-read.ts [seconds=5] [connections=32] [rounds=3]
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { openDatabase } from '../src/platform/db/client.ts';
import { migrationsFolder } from '../src/platform/db/migrations.ts';
import { seedDemoWorld } from '../src/seed/demo-world.ts';
import { appAs } from './support/app-as.ts';
import { onEachDatabase } from './support/measure.ts';

const SECONDS = Number(process.argv[2] ?? 5);
const CONNECTIONS = Number(process.argv[3] ?? 32);
const ROUNDS = Number(process.argv[4] ?? 3);
const GOAL = 0.5;
const AUTOCANNON = path.resolve(import.meta.dirname, '../../../node_modules/.bin/autocannon');
const run = promisify(execFile);

interface Load {
  reqPerSec: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  const args = ['-j', '-c', String(CONNECTIONS), '-d', String(SECONDS), ...headerArgs, url];
  // A short warm-up first (JIT, the caller cache, connection pools), not counted.
  await run(AUTOCANNON, [...args.slice(0, 3), '-d', '1', ...headerArgs, url]);
  const { stdout } = await run(AUTOCANNON, args, { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as { requests: { average: number }; non2xx: number; errors: number };
  return { reqPerSec: result.requests.average, non2xx: result.non2xx, errors: result.errors };
}

async function measure(label: string, databaseUrl: string | undefined) {
  const database = await openDatabase(databaseUrl ?? 'memory://');
  await database.migrate(migrationsFolder());
  const secretKey = 'bench-secret-key-bench-secret-key-0123456789';
  await seedDemoWorld(database.db, { secretKey });
  const { app, auth } = await appAs(database, secretKey, 'verpleegkundige', databaseUrl);
  const settings = await app.inject({ method: 'GET', url: '/api/management/settings', headers: auth });
  if (settings.statusCode !== 200) throw new Error(`settings: ${settings.statusCode} ${settings.body}`);
  const body = settings.json<Record<string, unknown>>();

  const bare = Fastify({ logger: false });
  bare.get('/settings', async () => body);
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  // Alternating rounds, best of each: on a shared machine one round can land in someone else's burst.
  let bareBest = 0;
  let authBest = 0;
  for (let round = 0; round < ROUNDS; round++) {
    bareBest = Math.max(bareBest, (await load(`${bareUrl}/settings`)).reqPerSec);
    const authLoad = await load(`${appUrl}/api/management/settings`, auth);
    if (authLoad.non2xx || authLoad.errors)
      throw new Error(`${label}: ${authLoad.non2xx} non-2xx answers, ${authLoad.errors} errors`);
    authBest = Math.max(authBest, authLoad.reqPerSec);
  }
  await bare.close();
  await app.close();
  await database.close();
  return { label, bytes: settings.body.length, bare: bareBest, authorised: authBest };
}

async function main() {
  const rows = await onEachDatabase(measure);
  console.log(
    `\nAuthorised read: GET /api/management/settings vs a bare Fastify route with the same body` +
      ` (autocannon, ${CONNECTIONS} connections, best of ${ROUNDS} alternating rounds of ${SECONDS} s)`,
  );
  console.log('database     body  bare req/s  authorised req/s  ratio  goal    ');
  for (const r of rows) {
    const ratio = r.authorised / r.bare;
    const verdict = ratio >= GOAL ? 'met' : 'MISSED';
    console.log(
      `${r.label.padEnd(11)}  ${String(r.bytes).padStart(4)}  ${r.bare.toFixed(0).padStart(10)}  ` +
        `${r.authorised.toFixed(0).padStart(16)}  ${ratio.toFixed(2).padStart(5)}  ≥ ${GOAL.toFixed(2)} ${verdict}`,
    );
    if (ratio < GOAL) process.exitCode = 1;
  }
}

await main();
