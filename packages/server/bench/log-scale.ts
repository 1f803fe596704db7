/**
 * Bench: the NEN 7513 log at national scale (10 million rows, kept for years). PostgreSQL only
 * (TEST_DATABASE_URL; a fresh database, dropped afterwards): the demo world plus 10 million audit rows over
 * the last 12 months (one INSERT … SELECT generate_series per million, into the monthly partitions): 2,000 organisations with 20 users each and
 * 110,000 clients, and the demo care centre De Berk with its real accounts and clients (one row in 47; a fifth
 * of all rows are list views, De Berk's linking 10 of its clients). Then through the real app as De Berk's Beheerder: the Logboek's first page
 * (goal < 50 ms), a per-client filter (< 50 ms) and the CSV export of De Berk's whole year (≥ 50,000 rows/s, the
 * median of 3).
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx packages/server/bench/log-scale.ts [rows=10000000] [runs=25]
 */
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../src/platform/db/client.ts';
import { migrationsFolder } from '../src/platform/db/migrations.ts';
import { seedDemoWorld } from '../src/seed/demo-world.ts';
import { appAs } from './support/app-as.ts';
import { freshPostgres } from './support/fresh-postgres.ts';
import { timed } from './support/measure.ts';

const TOTAL = Number(process.argv[2] ?? 10_000_000);
const RUNS = Number(process.argv[3] ?? 25);
const EXPORT_RUNS = 3;
const CHUNK = 1_000_000;
const PAGE_GOAL_MS = 50;
const CLIENT_GOAL_MS = 50;
const EXPORT_GOAL_ROWS_PER_S = 50_000;
const MONTHS = 12;
/** A PostgreSQL array literal (drizzle would spread a JS array into a parameter list). */
const pgArray = (values: number[]) => `{${values.join(',')}}`;

async function main() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('log-scale: PostgreSQL only; set TEST_DATABASE_URL to run it. Skipped.');
    return;
  }
  const pg = await freshPostgres(adminUrl);
  try {
    await measure(pg.url);
  } finally {
    await pg.drop();
  }
}

async function measure(url: string) {
  const database = await openDatabase(url);
  const db = database.db;
  await database.migrate(migrationsFolder());
  const secretKey = 'bench-secret-key-bench-secret-key-0123456789';
  await seedDemoWorld(db, { secretKey });
  const [berk] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from entities where name like '%De Berk%'`),
  );
  const berkId = berk!.id;
  const ids = async (table: 'accounts' | 'patients') =>
    rowsOf<{ id: number }>(
      await db.execute(sql`select id from ${sql.identifier(table)} where entity_id = ${berkId} order by id`),
    ).map((r) => r.id);
  const users = await ids('accounts');
  const clients = await ids('patients');

  // The months of the year back, each its partition (the job only creates the months ahead).
  await db.execute(sql`select audit_log_ensure_partition((date_trunc('month', now()) - make_interval(months => m))::date)
    from generate_series(1, ${MONTHS}) m`);
  const fillStart = performance.now();
  for (let from = 1; from <= TOTAL; from += CHUNK) {
    const to = Math.min(TOTAL, from + CHUNK - 1);
    // Row g at start + g × step: ids increase with time, as they do when the log is written.
    await db.execute(sql`
      insert into audit_log (event_at, action, outcome, user_id, username, role, entity_id, ip, object_type,
                             object_id, patient_id, related_patient_ids, detail)
      select now() - make_interval(months => ${MONTHS}) + g * (make_interval(months => ${MONTHS}) / ${TOTAL}),
             (array['R','R','R','U','C','E'])[1 + g % 6], 'success',
             case when own then (${pgArray(users)}::int[])[1 + g % ${users.length}] else 1000000 + g % 40000 end,
             'user' || g % 40000, 'Verzorgende',
             case when own then ${berkId} else 100000 + g % 2000 end,
             '10.' || g % 250 || '.' || g % 199 || '.1',
             case when g % 5 = 0 then 'administration_list' else 'patient' end,
             (g % 110000)::text,
             case when g % 5 = 0 then null
                  when own then (${pgArray(clients)}::int[])[1 + g % ${clients.length}] else 10000000 + g % 110000 end,
             case when g % 5 <> 0 then null
                  when own then (select array_agg((${pgArray(clients)}::int[])[1 + (g + k) % ${clients.length}])
                                   from generate_series(0, 9) k)
                  else array[10000000 + g % 110000, 10000000 + (g + 1) % 110000] end,
             case when g % 7 = 0 then jsonb_build_object('Day', current_date) end
      from generate_series(${from}::bigint, ${to}::bigint) g, lateral (select g % 47 = 0 as own) o`);
    process.stdout.write(`\rfilled ${to.toLocaleString('en')} rows`);
  }
  await db.execute(sql`vacuum analyze audit_log`);
  const fillS = (performance.now() - fillStart) / 1000;
  const size = rowsOf<{ size: string }>(
    await db.execute(sql`select pg_size_pretty(sum(pg_total_relation_size(c.oid))) as size
      from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'audit_log'::regclass`),
  )[0]!.size;
  console.log(
    `\nfilled ${TOTAL.toLocaleString('en')} rows in ${fillS.toFixed(0)} s (with VACUUM ANALYZE), ${size}`,
  );

  const { app, auth } = await appAs(database, secretKey, 'beheerder', url);
  const get = async (path: string) => {
    const res = await app.inject({ method: 'GET', url: path, headers: auth });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };
  const client = clients[Math.floor(clients.length / 2)]!;
  const first = await timed(() => get('/api/log'), RUNS);
  const perClient = await timed(() => get(`/api/log?patientId=${client}`), RUNS);
  const rowsOfClient = (await get(`/api/log?patientId=${client}`)).json<{ Rows: unknown[] }>().Rows.length;

  // The export a few times (a single ~4 s sample on a shared host says little): the median by rate.
  const exports: { rows: number; s: number; rate: number }[] = [];
  for (let i = 0; i < EXPORT_RUNS; i++) {
    const exportStart = performance.now();
    const csv = (await get('/api/log/export')).body;
    const s = (performance.now() - exportStart) / 1000;
    const rows = csv.split('\n').filter(Boolean).length - 1;
    exports.push({ rows, s, rate: rows / s });
  }
  exports.sort((a, b) => a.rate - b.rate);
  const { rows: exported, s: exportS, rate } = exports[Math.floor(exports.length / 2)]!;
  await app.close();
  await database.close();

  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  console.log(
    `\nThe log at ${TOTAL.toLocaleString('en')} rows (PostgreSQL, median of ${RUNS} through the app)`,
  );
  console.log(
    `Logboek first page   ${first.median.toFixed(1)} ms (max ${first.max.toFixed(1)})  goal < ${PAGE_GOAL_MS} ms: ${verdict(first.median < PAGE_GOAL_MS)}`,
  );
  console.log(
    `per-client filter    ${perClient.median.toFixed(1)} ms (max ${perClient.max.toFixed(1)}, ${rowsOfClient} rows)  goal < ${CLIENT_GOAL_MS} ms: ${verdict(perClient.median < CLIENT_GOAL_MS)}`,
  );
  console.log(
    `export               ${Math.round(rate).toLocaleString('en')} rows/s (median of ${EXPORT_RUNS}: ${exported.toLocaleString('en')} rows in ${exportS.toFixed(1)} s; slowest ${Math.round(exports[0]!.rate).toLocaleString('en')} rows/s)  goal ≥ ${EXPORT_GOAL_ROWS_PER_S.toLocaleString('en')} rows/s: ${verdict(rate >= EXPORT_GOAL_ROWS_PER_S)}`,
  );
  if (first.median >= PAGE_GOAL_MS || perClient.median >= CLIENT_GOAL_MS || rate < EXPORT_GOAL_ROWS_PER_S)
    process.exitCode = 1;
}

await main();
