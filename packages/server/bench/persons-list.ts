/**
 * Bench (issue 4): the persons screen's first page at 100,000 persons. Seeds a fresh in-memory PGlite
 * (demo world + 100k clients of De Berk in batched inserts), then times GET /api/personinfo through
 * app.inject — the whole stack: auth, validation, query, count, audit entry, serialisation.
 * Run: npx tsx packages/server/bench/persons-list.ts [persons=100000] [runs=25]
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrationsFolder } from '../src/db/migrations.ts';
import * as s from '../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { seedDemoWorld } from '../src/seed/demo-world.ts';

const TOTAL = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 25);
const BATCH = 5_000;
const FIRST = [
  'Jan',
  'Maria',
  'Pieter',
  'Anna',
  'Willem',
  'Sanne',
  'Kees',
  'Fatima',
  'Mohamed',
  'Eva',
  'Daan',
  'Lotte',
];
const LAST = [
  'Jansen',
  'de Vries',
  'van den Berg',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'de Boer',
  'Mulder',
  'Bos',
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const database = await openDatabase('memory://');
  await database.migrate(migrationsFolder());
  const secretKey = 'bench-secret-key-bench-secret-key-0123456789';
  await seedDemoWorld(database.db, { secretKey });
  const [berk] = await database.db
    .select()
    .from(s.entities)
    .where(sql`${s.entities.name} like '%De Berk%'`);

  const seedStart = performance.now();
  for (let offset = 0; offset < TOTAL; offset += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, TOTAL - offset) }, (_, i) => {
      const n = offset + i;
      const [prefix, last] = LAST[n % LAST.length]!.includes(' ')
        ? [
            LAST[n % LAST.length]!.split(' ').slice(0, -1).join(' '),
            LAST[n % LAST.length]!.split(' ').at(-1)!,
          ]
        : [null, LAST[n % LAST.length]!];
      return {
        entityId: berk!.id,
        firstNames: FIRST[(n * 7) % FIRST.length]!,
        lastNamePrefix: prefix,
        lastName: `${last}${n % 997}`,
        dateOfBirth: `19${String(20 + (n % 80)).padStart(2, '0')}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
      };
    });
    await database.db.insert(s.persons).values(rows);
  }
  await database.db.execute(sql`analyze`);
  console.log(`seeded ${TOTAL} persons in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const config = {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/tmp',
    mailFrom: 'bench@example.org',
    publicUrl: 'http://127.0.0.1',
    secretKey,
    demoData: false,
    logLevel: 'silent',
    webDist: '/nonexistent',
  } satisfies Config;
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'password',
      client_id: '1',
      product_id: '1',
      username: 'beheerder',
      password: DEMO_PASSWORD,
    }).toString(),
  });
  const token = login.json<{ access_token: string }>().access_token;

  const time = async (url: string) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      if (i >= 3) times.push(performance.now() - start); // the first runs warm the plan cache
    }
    const total = (
      JSON.parse(
        (await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).body,
      ) as { Total: number }
    ).Total;
    console.log(
      `${url.padEnd(58)} median ${median(times).toFixed(1)} ms  (max ${Math.max(...times).toFixed(1)} ms, ${total} matches)`,
    );
    return median(times);
  };

  const first = await time('/api/personinfo');
  await time('/api/personinfo?page=2000&pageSize=25');
  await time('/api/personinfo?sort=name&dir=desc');
  await time('/api/personinfo?sort=dateOfBirth');
  await time('/api/personinfo?q=jansen');
  await time('/api/personinfo?q=vries%20anna');
  await time('/api/personinfo?hasAccount=true&sort=username');
  console.log(
    `\nFirst page of the person list at ${TOTAL} persons: ${first.toFixed(1)} ms median over ${RUNS} runs (target < 100 ms)`,
  );
  await app.close();
  await database.close();
  if (first >= 100) process.exitCode = 1;
}

await main();
