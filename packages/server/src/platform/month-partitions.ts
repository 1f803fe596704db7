import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, rowsOf } from './db/client.ts';

/**
 * Tables range-partitioned by UTC month (the audit log, administrations): each one's migration defines
 * `<table>_ensure_partition(date)`, which creates the month `<table>_YYYY_MM` under an advisory lock unless it
 * exists. This job finds those tables in the database itself (a partitioned table with such a function), so a
 * new partitioned table needs no registration here, and runs the function for the current month and the
 * months ahead, at start and daily, on every instance (it is idempotent).
 */

/** How many months ahead (besides the current one) the job keeps created. */
export const PARTITION_MONTHS_AHEAD = 3;
/** The job runs at start and then once a day. */
const PARTITION_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** The month-partitioned tables of this database: partitioned, with a `<table>_ensure_partition` function. */
export async function monthPartitionedTables(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select c.relname as name
      from pg_class c
      join pg_proc p on p.proname = c.relname || '_ensure_partition' and p.pronamespace = c.relnamespace
     where c.relkind = 'p' and c.relnamespace = current_schema()::regnamespace
     order by c.relname`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

/**
 * Makes sure the partitions of the current UTC month and the `monthsAhead` after it exist for `table` (by the
 * database's clock); returns the ones it created.
 */
export async function ensureMonthPartitions(
  db: Db,
  table: string,
  monthsAhead = PARTITION_MONTHS_AHEAD,
): Promise<string[]> {
  const ensure = sql.identifier(`${table}_ensure_partition`);
  const result = await db.execute(sql`
    select to_char(m, 'YYYY_MM') as month, ${ensure}(m::date) as created
      from generate_series(date_trunc('month', now() at time zone 'UTC'),
                           date_trunc('month', now() at time zone 'UTC') + make_interval(months => ${monthsAhead}::int),
                           interval '1 month') as m`);
  return rowsOf<{ month: string; created: boolean }>(result)
    .filter((r) => r.created)
    .map((r) => `${table}_${r.month}`);
}

/** ensureMonthPartitions for every month-partitioned table; returns the partitions it created. */
export async function ensureAllMonthPartitions(db: Db): Promise<string[]> {
  const created: string[] = [];
  for (const table of await monthPartitionedTables(db))
    created.push(...(await ensureMonthPartitions(db, table)));
  return created;
}

/** Runs ensureAllMonthPartitions when the app is ready and then daily. */
export function scheduleMonthPartitions(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | null = null;
  const run = () =>
    ensureAllMonthPartitions(app.db)
      .then((created) => {
        if (created.length) app.log.info({ created }, 'month partitions created');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'month partition job failed'));
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), PARTITION_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
