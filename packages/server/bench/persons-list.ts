/**
 * Bench: the persons screen at 100,000 persons. Seeds a fresh database (demo world +
 * 100k clients of De Berk in batched inserts), then times GET /api/personinfo through app.inject — the
 * whole stack: auth, validation, query, count, audit entry, serialisation. Goals: the first page < 100 ms,
 * page 2000 ≤ 50 ms. Page 2000 is also read the old way (whole rows with OFFSET, driver only) for the
 * before/after. On PGlite always, on PostgreSQL too when TEST_DATABASE_URL is set (a fresh database).
 * Run: npx tsx packages/server/bench/persons-list.ts [persons=100000] [runs=25]
 */
import { sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../src/platform/db/client.ts';
import { migrationsFolder } from '../src/platform/db/migrations.ts';
import * as s from '../src/schema.ts';
import { seedDemoWorld } from '../src/seed/demo-world.ts';
import { appAs } from './support/app-as.ts';
import { onEachDatabase, timed } from './support/measure.ts';

const TOTAL = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 25);
const BATCH = 5_000;
const FIRST_PAGE_GOAL = 100;
const DEEP_PAGE_GOAL = 50;
const DEEP_PAGE = '/api/personinfo?page=2000&pageSize=25';
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

async function seedPersons(db: Db, entityId: number) {
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
        entityId,
        firstNames: FIRST[(n * 7) % FIRST.length]!,
        lastNamePrefix: prefix,
        lastName: `${last}${n % 997}`,
        dateOfBirth: `19${String(20 + (n % 80)).padStart(2, '0')}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
      };
    });
    await db.insert(s.persons).values(rows);
  }
}

async function measure(label: string, databaseUrl: string | undefined) {
  const database = await openDatabase(databaseUrl ?? 'memory://');
  await database.migrate(migrationsFolder());
  const secretKey = 'bench-secret-key-bench-secret-key-0123456789';
  await seedDemoWorld(database.db, { secretKey });
  const [berk] = await database.db
    .select()
    .from(s.entities)
    .where(sql`${s.entities.name} like '%De Berk%'`);
  const seedStart = performance.now();
  await seedPersons(database.db, berk!.id);
  // PostgreSQL's autovacuum soon sets the visibility map after such an insert (what index-only scans
  // need); VACUUM stands in for it. PGlite has no autovacuum, so it is measured as inserted.
  await database.db.execute(database.kind === 'postgres' ? sql`vacuum analyze` : sql`analyze`);
  console.log(
    `${label}: seeded ${TOTAL} persons in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const { app, auth } = await appAs(database, secretKey, 'beheerder', databaseUrl);
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: auth });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const time = async (url: string) => {
    const { median: ms, max } = await timed(() => get(url), RUNS);
    const total = JSON.parse((await get(url)).body) as { Total: number };
    console.log(
      `${url.padEnd(58)} median ${ms.toFixed(1)} ms  (max ${max.toFixed(1)} ms, ${total.Total} matches)`,
    );
    return ms;
  };

  const first = await time('/api/personinfo');
  const deep = await time(DEEP_PAGE);
  await time('/api/personinfo?page=2000&pageSize=25&sort=name&dir=desc');
  await time('/api/personinfo?page=2000&pageSize=25&sort=dateOfBirth');
  await time('/api/personinfo?page=2000&pageSize=25&sort=dateOfBirth&dir=desc');
  await time('/api/personinfo?page=2000&pageSize=25&sort=username');
  await time('/api/personinfo?sort=name&dir=desc');
  await time('/api/personinfo?sort=dateOfBirth');
  await time('/api/personinfo?q=jansen');
  await time('/api/personinfo?q=vries%20anna');
  await time('/api/personinfo?hasAccount=true&sort=username');
  // PGlite has no autovacuum: without a VACUUM every index entry the deep page skips costs a heap visit.
  const vacuumed =
    database.kind === 'pglite'
      ? (await database.db.execute(sql`vacuum persons`), (await timed(() => get(DEEP_PAGE), RUNS)).median)
      : null;
  // The old way: the page's whole rows (person and account) with OFFSET, the query alone.
  const old = await timed(
    () =>
      database.db.execute(
        sql`select p.*, a.* from persons p left join accounts a on a.person_id = p.id and not a.deleted
          where p.entity_id = ${berk!.id} and not p.deleted
          order by lower(p.last_name), lower(p.first_names), p.id limit 25 offset 49975`,
      ),
    RUNS,
  );
  await app.close();
  await database.close();
  return { label, first, deep, vacuumed, oldQuery: old.median };
}

async function main() {
  const rows = await onEachDatabase(measure);
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  console.log(`\nPerson list at ${TOTAL} persons, median over ${RUNS} runs through the whole stack`);
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(11)} first page ${r.first.toFixed(1)} ms (goal < ${FIRST_PAGE_GOAL} ms: ${verdict(r.first < FIRST_PAGE_GOAL)});` +
        ` persons page 2000 ${r.deep.toFixed(1)} ms (goal ≤ ${DEEP_PAGE_GOAL} ms: ${verdict(r.deep <= DEEP_PAGE_GOAL)});` +
        ` before: the old whole-row OFFSET query alone ${r.oldQuery.toFixed(1)} ms (issue: 295 ms per request)` +
        (r.vacuumed === null ? '' : `; page 2000 after VACUUM ${r.vacuumed.toFixed(1)} ms`),
    );
  }
  if (rows.some((r) => r.first >= FIRST_PAGE_GOAL || r.deep > DEEP_PAGE_GOAL)) process.exitCode = 1;
}

await main();
