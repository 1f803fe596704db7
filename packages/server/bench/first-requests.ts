/**
 * Bench: the first request of many sessions on one instance, as when a round starts, an instance restarts, or
 * access tokens are renewed: each of `sessions` tokens asks GET /api/management/settings once (its caller is
 * looked up, then the answer comes from memory), `writers` at a time, through `inject`. Then the same tokens
 * again (their callers kept). Prints requests a second and this process's CPU per request for both, on PGlite (a
 * data directory on disk) and, with TEST_DATABASE_URL, PostgreSQL. No goal: it compares ways of looking up.
 * Run: npx tsx packages/server/bench/first-requests.ts [sessions=3000] [writers=16]
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cpuUsage } from 'node:process';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/platform/db/client.ts';
import { migrationsFolder } from '../src/platform/db/migrations.ts';
import { seedDemoWorld } from '../src/seed/demo-world.ts';
import { appAs } from './support/app-as.ts';
import { onEachDatabase } from './support/measure.ts';

const SESSIONS = Number(process.argv[2] ?? 3000);
const WRITERS = Number(process.argv[3] ?? 16);
const SECRET_KEY = 'bench-secret-key-bench-secret-key-0123456789';

async function measure(label: string, databaseUrl: string | undefined) {
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'zp-bench-first-'));
  const database = await openDatabase(databaseUrl ?? path.join(dataDir!, 'pglite'));
  try {
    await database.migrate(migrationsFolder());
    await seedDemoWorld(database.db, { secretKey: SECRET_KEY });
    const { app } = await appAs(database, SECRET_KEY, 'verpleegkundige', databaseUrl);
    // The nurse's sessions, one access token each, as logins would have made them (a login's own cost aside).
    const tokens = Array.from({ length: SESSIONS }, () => randomBytes(32).toString('base64url'));
    const hashes = tokens.map((token) => createHash('sha256').update(token).digest('hex'));
    await database.db.execute(sql`
      with nurse as (select id, entity_id from accounts where username = 'verpleegkundige'),
      made as (
        insert into sessions (id, account_id, entity_id, ip)
        select gen_random_uuid(), nurse.id, nurse.entity_id, '127.0.0.1'
        from nurse, generate_series(1, ${SESSIONS})
        returning id
      ), numbered as (select id, row_number() over () as n from made)
      insert into tokens (hash, session_id, kind, expires_at)
      select (${JSON.stringify(hashes)}::jsonb ->> (n - 1)::int), id, 'access', now() + interval '1 hour'
      from numbered`);
    const pass = async () => {
      let next = 0;
      const cpu = cpuUsage();
      const start = performance.now();
      await Promise.all(
        Array.from({ length: WRITERS }, async () => {
          while (next < tokens.length) {
            const token = tokens[next++]!;
            const answer = await app.inject({
              method: 'GET',
              url: '/api/management/settings',
              headers: { authorization: `Bearer ${token}` },
            });
            if (answer.statusCode !== 200) throw new Error(`${label}: ${answer.statusCode} ${answer.body}`);
          }
        }),
      );
      const seconds = (performance.now() - start) / 1000;
      const used = cpuUsage(cpu);
      return {
        'req/s': Math.round(tokens.length / seconds),
        'CPU ms/req': Number(((used.user + used.system) / 1000 / tokens.length).toFixed(3)),
      };
    };
    const first = await pass();
    const again = await pass();
    await app.close();
    return {
      database: label,
      'first: req/s': first['req/s'],
      'first: CPU ms': first['CPU ms/req'],
      'kept: req/s': again['req/s'],
      'kept: CPU ms': again['CPU ms/req'],
    };
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = await onEachDatabase(measure, process.env.BENCH_ONLY);
console.log(`The first request of ${SESSIONS} sessions on one instance, ${WRITERS} at a time (inject)`);
console.table(rows);
