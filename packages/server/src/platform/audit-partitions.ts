import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from './db/client.ts';
import { ensureMonthPartitions, PARTITION_MONTHS_AHEAD } from './month-partitions.ts';

/**
 * The audit log's monthly partitions (migration audit_log_partitioned): `audit_log_YYYY_MM` per UTC month plus
 * `audit_log_default` for anything outside them, so an insert never fails. The migration's SQL function
 * `audit_log_ensure_partition` creates one month (advisory lock, TRUNCATE trigger, rows of that month moved
 * out of DEFAULT); `month-partitions.ts` runs it ahead of time (with the other month-partitioned tables); this file detaches and
 * archives old months.
 */

/** How many months ahead (besides the current one) the job keeps created. */
export const AUDIT_PARTITION_MONTHS_AHEAD = PARTITION_MONTHS_AHEAD;

export interface AuditPartition {
  name: string;
  /** First day of the UTC month (YYYY-MM-01); null for the DEFAULT partition. */
  month: string | null;
}

/**
 * Makes sure the partitions of the current UTC month and the `monthsAhead` after it exist (by the database's
 * clock); returns the ones it created. Idempotent, and safe with several instances at once: each month is
 * created under an advisory lock after a second look.
 */
export const ensureAuditPartitions = (db: Db, monthsAhead = AUDIT_PARTITION_MONTHS_AHEAD) =>
  ensureMonthPartitions(db, 'audit_log', monthsAhead);

/** True when this database has the partitioned audit log (migration audit_log_partitioned applied). */
export async function hasPartitionedAuditLog(db: Db): Promise<boolean> {
  const result = await db.execute(
    sql`select exists (select 1 from pg_class where oid = to_regclass('audit_log') and relkind = 'p') as ok`,
  );
  return rowsOf<{ ok: boolean }>(result)[0]?.ok === true;
}

/** The partitions attached to audit_log, oldest month first, DEFAULT last. */
export async function auditPartitions(db: Db): Promise<AuditPartition[]> {
  const result = await db.execute(sql`
    select c.relname as name,
           case when pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT' then null
                else to_char(split_part(pg_get_expr(c.relpartbound, c.oid), '''', 2)::timestamptz
                             at time zone 'UTC', 'YYYY-MM-DD') end as month
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'audit_log'::regclass
     order by month nulls last`);
  return rowsOf<AuditPartition>(result);
}

/** `YYYY-MM` → the first day of that month; anything else → null. */
export function parseMonth(value: string): string | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value.trim());
  return match ? `${match[1]}-${match[2]}-01` : null;
}

/** The first month that must stay in the database: the current UTC month minus `retentionMonths`. */
export function oldestKeptMonth(retentionMonths: number, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - retentionMonths, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * The months `archiveAuditMonths` may take: those before `before` and older than the retention. Without a
 * retention (keep everything) none.
 */
export function archivableMonths(
  partitions: readonly AuditPartition[],
  before: string,
  retentionMonths: number | undefined,
  now = new Date(),
): AuditPartition[] {
  if (retentionMonths === undefined) return [];
  const limit = oldestKeptMonth(retentionMonths, now);
  return partitions.filter((p) => p.month !== null && p.month < before && p.month < limit);
}

const ARCHIVE_BATCH = 10_000;
const csvField = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value as string | number | boolean);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Writes one detached month as CSV (every column, id order, header line); returns the row count. */
async function writeMonthCsv(db: Db, table: string, file: string): Promise<number> {
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  let count = 0;
  let after = -1;
  let header = false;
  try {
    for (;;) {
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(
          sql`select * from ${sql.identifier(table)} where id > ${after} order by id limit ${ARCHIVE_BATCH}`,
        ),
      );
      if (!rows.length) break;
      if (!header) {
        out.write(`${Object.keys(rows[0]!).join(',')}\n`);
        header = true;
      }
      out.write(rows.map((row) => Object.values(row).map(csvField).join(',')).join('\n') + '\n');
      count += rows.length;
      after = Number(rows.at(-1)!['id']);
    }
  } finally {
    out.end();
    await finished(out);
  }
  return count;
}

export interface ArchivedMonth {
  table: string;
  file: string;
  rows: number;
}

/**
 * Detaches every month partition older than `before` (`YYYY-MM-01`) and than the retention, writes it to
 * `<outDir>/<table>.csv` and drops the detached table only when `drop` is set (after the file is complete).
 * Without a retention nothing is archived. The detached table keeps its rows until dropped.
 */
export async function archiveAuditMonths(
  db: Db,
  opts: { before: string; retentionMonths: number | undefined; outDir: string; drop?: boolean; now?: Date },
): Promise<ArchivedMonth[]> {
  const months = archivableMonths(await auditPartitions(db), opts.before, opts.retentionMonths, opts.now);
  await mkdir(opts.outDir, { recursive: true });
  const archived: ArchivedMonth[] = [];
  for (const { name } of months) {
    await db.execute(sql`alter table audit_log detach partition ${sql.identifier(name)}`);
    const file = path.join(opts.outDir, `${name}.csv`);
    const rows = await writeMonthCsv(db, name, file);
    if (opts.drop) await db.execute(sql`drop table ${sql.identifier(name)}`);
    archived.push({ table: name, file, rows });
  }
  return archived;
}
