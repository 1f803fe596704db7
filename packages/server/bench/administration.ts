/**
 * Bench, on a fresh in-memory PGlite with the demo world, and on a fresh PostgreSQL database too when
 * TEST_DATABASE_URL is set (BENCH_ONLY=pglite or BENCH_ONLY=postgres runs one of them):
 *  (a) one department's day list (toedienlijst) over a year of history: 20 patients × 8 moments a day,
 *      ≈ 58k registrations, timed through GET /api/administration/list (auth, query, audit, JSON);
 *  (b) the results overview over a million registrations (inserted with generate_series), timed
 *      through GET /api/administration/results for a week, a month and a year.
 * Run: npx tsx packages/server/bench/administration.ts [registrations=1000000] [runs=15]
 */
import { sql } from 'drizzle-orm';
import { buildDayList } from '../src/areas/administration/public.ts';
import { localDate } from '../src/platform/time.ts';
import { seedYearDepartment, seedMillion } from './support/administration-data.ts';
import { benchApp } from './support/administration-app.ts';
import { median, onEachDatabase } from './support/measure.ts';

const TOTAL = Number(process.argv[2] ?? 1_000_000);
const RUNS = Number(process.argv[3] ?? 15);

const seconds = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

interface Figures {
  label: string;
  registrations: number;
  list: number;
  month: number;
  year: number;
}

async function measure(label: string, databaseUrl?: string): Promise<Figures> {
  console.log(`\n--- ${label}`);
  const { app, database, get } = await benchApp(databaseUrl);
  const time = async (label: string, url: string, goalMs?: number) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      const start = performance.now();
      const res = await get(url);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      if (i >= 2) times.push(performance.now() - start); // the first runs warm caches and plans
    }
    console.log(
      `${label.padEnd(52)} median ${median(times).toFixed(1)} ms  (max ${Math.max(...times).toFixed(1)} ms)` +
        (goalMs ? `   goal ≤ ${goalMs} ms   ${median(times) <= goalMs ? 'met' : 'NOT met'}` : ''),
    );
    return median(times);
  };

  // PostgreSQL's autovacuum soon sets the visibility map and statistics after a bulk insert (what
  // index-only scans over the roll-up need); VACUUM stands in for it. PGlite has no autovacuum.
  const settle = () => database.db.execute(database.kind === 'postgres' ? sql`vacuum analyze` : sql`analyze`);
  let start = performance.now();
  const department = await seedYearDepartment(database.db);
  await settle();
  console.log(
    `(a) seeded ${department.registrations} registrations (20 patients × 8 moments × 365 days) in ${seconds(start)}`,
  );
  const today = localDate(new Date());
  const list = await time(
    '(a) day list, today, 20 patients × 8 moments',
    `/api/administration/list?departmentId=${department.id}&date=${today}`,
  );
  const option = { Id: department.id, Name: 'Afdeling Bench', EntityId: 0, EntityName: '' };
  const halfYearAgo = localDate(new Date(Date.now() - 182 * 86_400_000));
  const serviceTimes: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    await buildDayList(database.db, option, halfYearAgo);
    if (i >= 2) serviceTimes.push(performance.now() - t0);
  }
  console.log(
    `${'(a) buildDayList alone (no HTTP, auth or audit)'.padEnd(52)} median ${median(serviceTimes).toFixed(1)} ms`,
  );
  await time(
    '(a) day list, a day half a year ago',
    `/api/administration/list?departmentId=${department.id}&date=${localDate(new Date(Date.now() - 182 * 86_400_000))}`,
  );

  start = performance.now();
  const inserted = await seedMillion(database.db, TOTAL);
  await settle();
  console.log(`\n(b) inserted ${inserted} more registrations in ${seconds(start)}`);
  const week = await time('(b) results, last 7 days, by status', '/api/administration/results');
  const from = (days: number) => localDate(new Date(Date.now() - days * 86_400_000));
  const month = await time(
    '(b) results, 30 days, by department',
    `/api/administration/results?from=${from(30)}&groupBy=department`,
    50,
  );
  const year = await time(
    '(b) results, 365 days, by status',
    `/api/administration/results?from=${from(365)}`,
    200,
  );
  await time('(b) results, 365 days, by week', `/api/administration/results?from=${from(365)}&groupBy=week`);
  await time(
    '(b) results, 365 days, one department, refused',
    `/api/administration/results?from=${from(365)}&departmentId=${department.id}&status=refused`,
  );

  console.log(`\nDay list of one department over a year of history: ${list.toFixed(1)} ms median`);
  console.log(
    `Results overview over ${inserted + department.registrations} registrations: ${week.toFixed(1)} ms (week), ${year.toFixed(1)} ms (year)`,
  );
  await app.close();
  await database.close();
  return { label, registrations: inserted + department.registrations, list, month, year };
}

async function main() {
  const only = process.env.BENCH_ONLY;
  const rows: Figures[] = await onEachDatabase(measure, only);
  const verdict = (ms: number, goal: number) => `goal ≤ ${goal} ms: ${ms <= goal ? 'met' : 'NOT met'}`;
  console.log(`\nResults overview, median over ${RUNS} runs through the whole stack`);
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(11)} ${r.registrations} registrations: year by status ${r.year.toFixed(1)} ms (${verdict(r.year, 200)});` +
        ` 30 days by department ${r.month.toFixed(1)} ms (${verdict(r.month, 50)}); day list ${r.list.toFixed(1)} ms`,
    );
  }
}

await main();
