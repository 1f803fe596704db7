/**
 * Bench: the pharmacy's order action list at 100,000 orders. Seeds a fresh database (demo world +
 * 100k orders of De Berk at De Linde, each with a line and a history entry, generated in SQL), then
 * times GET /api/medication/pharmacy/orders as the Apotheker through app.inject — the whole stack:
 * auth, scope, ETag version, page query, capped count, lines, history, audit, serialisation.
 * Goal: the first page ≤ 50 ms. Also an unchanged refresh (If-None-Match: 304) and a status filter.
 * On PGlite always, on PostgreSQL too when TEST_DATABASE_URL is set (a fresh database).
 * Run: npx tsx packages/server/bench/orders.ts [orders=100000] [runs=25]
 */
import { eq, sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../src/platform/db/client.ts';
import { migrationsFolder } from '../src/platform/db/migrations.ts';
import * as s from '../src/schema.ts';
import { seedDemoWorld } from '../src/seed/demo-world.ts';
import { appAs } from './support/app-as.ts';
import { onEachDatabase, timed } from './support/measure.ts';

const TOTAL = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 25);
const FIRST_PAGE_GOAL = 50;
const LIST = '/api/medication/pharmacy/orders';

/** TOTAL orders over the last ~70 days, every status, 1 in 50 urgent; one line and one history entry each. */
async function seedOrders(db: Db) {
  const [berk] = await db.select().from(s.entities).where(eq(s.entities.name, 'Zorgcentrum De Berk'));
  const [linde] = await db.select().from(s.entities).where(eq(s.entities.name, 'Apotheek De Linde'));
  const [department] = await db.select().from(s.departments).where(eq(s.departments.entityId, berk!.id));
  await db.execute(sql`
    insert into orders (entity_id, pharmacy_entity_id, department_id, status, urgent, reason, created_at, sent_at, updated_at)
    select ${berk!.id}, ${linde!.id}, ${department!.id},
           (array['in_progress','approved','declined','canceled','expired'])[1 + g % 5],
           g % 50 = 0, 'Bench', now() - g * interval '1 minute', now() - g * interval '1 minute',
           now() - g * interval '1 minute'
    from generate_series(1, ${TOTAL}) g`);
  await db.execute(sql`
    insert into order_lines (order_id, position, free_text, quantity, unit)
    select id, 0, 'Bench product', 1 + id % 30, 'stuk' from orders where reason = 'Bench'`);
  await db.execute(sql`
    insert into order_history (order_id, at, from_status, to_status, sent)
    select id, created_at, null, 'in_progress', true from orders where reason = 'Bench'`);
}

async function measure(label: string, databaseUrl: string | undefined) {
  const database = await openDatabase(databaseUrl ?? 'memory://');
  await database.migrate(migrationsFolder());
  const secretKey = 'bench-secret-key-bench-secret-key-0123456789';
  await seedDemoWorld(database.db, { secretKey });
  const seedStart = performance.now();
  await seedOrders(database.db);
  await database.db.execute(database.kind === 'postgres' ? sql`vacuum analyze` : sql`analyze`);
  console.log(`${label}: seeded ${TOTAL} orders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const { app, auth } = await appAs(database, secretKey, 'apotheker', databaseUrl);
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url, headers: { ...auth, ...headers } });
    if (res.statusCode !== 200 && res.statusCode !== 304)
      throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const time = async (url: string, headers: Record<string, string> = {}) => {
    const { median: ms, max } = await timed(() => get(url, headers), RUNS);
    const res = await get(url, headers);
    const detail =
      res.statusCode === 304 ? '304' : `${(JSON.parse(res.body) as { Total: number }).Total} matches`;
    console.log(`${url.padEnd(58)} median ${ms.toFixed(1)} ms  (max ${max.toFixed(1)} ms, ${detail})`);
    return ms;
  };
  const first = await time(LIST);
  const etag = String((await get(LIST)).headers.etag);
  const refresh = await time(LIST, { 'if-none-match': etag });
  await time(`${LIST}?status=in_progress`);
  await time(`${LIST}?page=40`);
  await app.close();
  await database.close();
  return { label, first, refresh };
}

async function main() {
  const rows = await onEachDatabase(measure);
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  console.log(
    `\nPharmacy order action list at ${TOTAL} orders, median over ${RUNS} runs through the whole stack`,
  );
  for (const r of rows)
    console.log(
      `${r.label.padEnd(11)} first page ${r.first.toFixed(1)} ms (goal ≤ ${FIRST_PAGE_GOAL} ms: ${verdict(r.first <= FIRST_PAGE_GOAL)});` +
        ` unchanged refresh (304) ${r.refresh.toFixed(1)} ms`,
    );
  if (rows.some((r) => r.first > FIRST_PAGE_GOAL)) process.exitCode = 1;
}

await main();
