import { LOG_CSV_COLUMNS } from '@zorgportaal/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { arrayRows, cursorBatches, type RowBatches, type Statement } from '../../../platform/db/cursor.ts';
import { auditPartitions } from '../../../platform/audit-partitions.ts';
import { auditLog as l, entities } from '../tables.ts';
import { anyLogEntry, type LogFilter, NEWEST_FIRST } from './query.ts';

type CsvColumn = (typeof LOG_CSV_COLUMNS)[number];

/** The export's cursor, and a comment on its paged statements: what a test finds its batches by. */
export const EXPORT_STATEMENT = 'log_export';

/**
 * The CSV's cells of an entry as text, masked as `toLogRow` masks the screen's: another organisation's
 * entry keeps that organisation and the role, not who there, from where or with which details. Masked
 * here, so those values never leave the database. EventAt as `Date#toISOString` writes it (UTC,
 * milliseconds, cut off like a JS Date); Detail as jsonb text, which the CSV writes as JSON.
 */
function csvCells(viewer: number): Record<CsvColumn, SQL> {
  const own = (value: SQL) => sql`case when ${l.entityId} = ${viewer} then ${value} end`;
  return {
    EventId: sql`${l.eventId}::text`,
    EventAt: sql`to_char(${l.eventAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    Action: sql`${l.action}`,
    Outcome: sql`${l.outcome}`,
    UserId: own(sql`${l.userId}::text`),
    Username: own(sql`${l.username}`),
    Role: sql`${l.role}`,
    EntityId: sql`${l.entityId}::text`,
    EntityName: sql`${entities.name}`,
    ResponsibleUserId: own(sql`${l.responsibleUserId}::text`),
    Ip: own(sql`${l.ip}`),
    ObjectType: sql`${l.objectType}`,
    ObjectId: sql`${l.objectId}`,
    PatientId: sql`${l.patientId}::text`,
    Detail: own(sql`${l.detail}::text`),
  };
}

/** The keyset position of a paged read: the last row's time with microseconds, and its id. */
const KEYSET = {
  at: sql`to_char(${l.eventAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
  id: sql`${l.id}::text`,
};

/**
 * Time windows that cover every instant once, newest first: each month that has a partition, the gaps
 * between them and the open ends. A window's bounds are values when its statement is planned, so it reads
 * its month's partition only (the gaps and ends: DEFAULT only), and its sort is that month's rows.
 */
export function monthWindows(months: readonly string[]): { from: string | null; to: string | null }[] {
  const next = (month: string) => {
    const d = new Date(`${month}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + 1);
    return d.toISOString().slice(0, 10);
  };
  const bounds = [...new Set(months.flatMap((m) => [m, next(m)]))].sort().map((b) => `${b}T00:00:00Z`);
  const edges = [null, ...bounds, null];
  return edges
    .slice(1)
    .map((to, i) => ({ from: edges[i]!, to }))
    .reverse();
}

/**
 * The Logboek's entries for the export, newest first, as rows of text cells in LOG_CSV_COLUMNS order:
 * the same entries as its pages (`anyLogEntry`: the own part or the others' part) in the same order, one
 * month window (monthWindows) after the other. On PostgreSQL through cursors in one snapshot, so rows flow
 * from the first month on and the database reads the next batch while this one is written; on PGlite, and
 * while other exports hold the connections streams may take (cursorBatches), keyset pages of `size` rows,
 * which hold no connection between them.
 */
export async function exportRows(
  db: Db,
  viewer: number,
  filter: LogFilter,
  responsible: readonly number[],
  size: number,
): Promise<RowBatches> {
  const cells = Object.fromEntries(LOG_CSV_COLUMNS.map((c) => [c, csvCells(viewer)[c]] as const));
  const where = anyLogEntry(viewer, filter, responsible);
  const months = (await auditPartitions(db)).flatMap((p) => (p.month ? [p.month] : []));
  const windows = monthWindows(months).map(({ from, to }) => [
    ...(from ? [sql`${l.eventAt} >= ${from}::timestamptz`] : []),
    ...(to ? [sql`${l.eventAt} < ${to}::timestamptz`] : []),
  ]);
  const select = (fields: Record<string, SQL>, ...more: SQL[]) =>
    db
      .select(fields)
      .from(l)
      .leftJoin(entities, eq(entities.id, l.entityId))
      .where(and(where, ...more))
      .orderBy(...NEWEST_FIRST);
  return (
    cursorBatches(
      db,
      windows.map((window) => select(cells, ...window).toSQL()),
      EXPORT_STATEMENT,
      size,
    ) ??
    keysetPages(
      db,
      windows.map(
        (window) => (after: SQL | null) =>
          select({ ...cells, ...KEYSET }, ...window, ...(after ? [after] : []))
            .limit(size)
            .toSQL(),
      ),
      size,
    )
  );
}

/**
 * Each window's statement page by page along the keyset; a row's last two cells (KEYSET) are its position,
 * cut off before the row goes on.
 */
async function* keysetPages(db: Db, windows: ((after: SQL | null) => Statement)[], size: number): RowBatches {
  for (const statement of windows) {
    let after: SQL | null = null;
    for (;;) {
      const { sql: text, params } = statement(after);
      const rows = await arrayRows(db, { sql: `/* ${EXPORT_STATEMENT} */ ${text}`, params });
      const last = rows[rows.length - 1];
      if (last) {
        const [at, id] = last.slice(-2) as [string, string];
        after = sql`(${l.eventAt}, ${l.id}) < ((${at}::timestamp at time zone 'UTC'), ${id}::bigint)`;
      }
      for (const row of rows) row.length -= 2;
      if (rows.length) yield rows;
      if (rows.length < size) break;
    }
  }
}
