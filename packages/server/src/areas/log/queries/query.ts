import { AUDIT_OBJECTS, type LogQuery, type LogRow } from '@zorgportaal/contract';
import { and, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { auditLog as l, patients } from '../tables.ts';
import { addDays, dayBounds } from '../../../platform/time.ts';
import { selectLogWithNames } from './names.ts';

export type LogFilter = Omit<LogQuery, 'cursor' | 'limit'>;

/** A date-only bound is a Dutch calendar day: `from` its start, `to` inclusive of the whole day. */
const lowerBound = (value: string): Date => (value.length === 10 ? dayBounds(value).start : new Date(value));
const upperBound = (value: string): Date =>
  value.length === 10 ? dayBounds(addDays(value, 1)).start : new Date(value);

/** Entries on one client: its own (patient_id) and the list views that showed it (GIN on related ids). */
const aboutPatient = (patientId: SQL): SQL =>
  or(eq(l.patientId, patientId), sql`${l.relatedPatientIds} @> array[${patientId}]`)!;

/** The filters on an entry, whoever wrote it: period, user, client or person, action, outcome, kind. */
export function filterWhere(f: LogFilter): SQL[] {
  const where: SQL[] = [];
  if (f.from) where.push(sql`${l.eventAt} >= ${lowerBound(f.from).toISOString()}`);
  if (f.to) where.push(sql`${l.eventAt} < ${upperBound(f.to).toISOString()}`);
  if (f.userId !== undefined) where.push(eq(l.userId, f.userId));
  if (f.patientId !== undefined) where.push(aboutPatient(sql`${f.patientId}::integer`));
  // "Who looked at this person": the events on the person, and on the client record of that person
  // (its own entries and the list views that showed it).
  if (f.personId !== undefined) {
    const patientOfPerson = sql`(select ${patients.id} from ${patients} where ${patients.personId} = ${f.personId})`;
    where.push(
      or(
        and(
          inArray(l.objectType, [AUDIT_OBJECTS.person, AUDIT_OBJECTS.person_avatar]),
          eq(l.objectId, String(f.personId)),
        ),
        aboutPatient(patientOfPerson),
      )!,
    );
  }
  if (f.action) where.push(eq(l.action, f.action));
  if (f.outcome) where.push(eq(l.outcome, f.outcome));
  if (f.objectType) where.push(eq(l.objectType, f.objectType));
  return where;
}

const idArray = (ids: readonly number[]): SQL =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::integer`),
    sql`, `,
  )}]::integer[]`;

/** The clients of these organisations (a care centre's own; those a pharmacy supplies), as a subquery. */
const clientsOf = (entityIds: readonly number[]): SQL =>
  sql`(select ${patients.id} from ${patients} where ${patients.entityId} = any(${idArray(entityIds)}))`;

/**
 * Which entries an organisation's Logboek holds, as two parts with the filters applied: `own`, the entries
 * of its own staff; `others`, other organisations' access to the clients it is responsible for (the
 * pharmacy's, GP's and trombosis service's reads of a care centre's clients: NEN 7513 makes the responsible
 * organisation answer for every access to its records), and for a pharmacy the access to the clients it
 * supplies (`responsible`, responsible.ts). A GP practice or trombosis service has no such entries. `others` is null with a user filter: another organisation's
 * accounts are not shown, so filtering on one must not reveal its entries either.
 */
export function logWhere(
  entityId: number,
  f: LogFilter,
  /** The organisations whose clients' access the Logboek answers for (responsibleFor). */
  responsible: readonly number[] = [entityId],
): { own: SQL[]; others: SQL[] | null } {
  const filters = filterWhere(f);
  const clients = clientsOf(responsible);
  return {
    own: [eq(l.entityId, entityId), ...filters],
    others:
      f.userId !== undefined
        ? null
        : [
            sql`${l.entityId} is distinct from ${entityId}`,
            // Arrays (one init plan each), so the planner uses the client index and the GIN index.
            or(sql`${l.patientId} = any(array${clients})`, sql`${l.relatedPatientIds} && array${clients}`)!,
            ...filters,
          ],
  };
}

/**
 * Keyset cursor: the last row's event_at with microseconds (a JS Date would drop them and skip or
 * repeat rows) and its id, base64url-encoded. Anything unparsable is treated as "no cursor".
 */
interface Cursor {
  at: string;
  id: number;
}
export const encodeCursor = (c: Cursor): string => Buffer.from(`${c.at}|${c.id}`).toString('base64url');
export function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  const [at, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!at || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/.test(at) || !/^\d{1,18}$/.test(id ?? ''))
    return null;
  return { at, id: Number(id) };
}

/** The order of every Logboek read, as the keyset indexes are ordered. */
export const NEWEST_FIRST = [sql`${l.eventAt} desc nulls last`, sql`${l.id} desc nulls last`];

/**
 * The ids of one page: each part of the Logboek (own entries, others' on its clients) read newest first up
 * to the page size on its own, then merged. Two bounded reads instead of one OR, which would give up the
 * keyset index of the own entries and sort every entry of the organisation for each page. `from`: see
 * pageBound.
 */
function pageIds(
  db: Db,
  parts: { own: SQL[]; others: SQL[] | null },
  after: SQL | null,
  size: number,
  from: SQL | null,
): SQL {
  const part = (where: SQL[]) =>
    db
      .select({ id: l.id, eventAt: l.eventAt })
      .from(l)
      .where(and(...where, after ?? undefined, from ?? undefined))
      .orderBy(...NEWEST_FIRST)
      .limit(size);
  if (!parts.others) return sql`select id from (${part(parts.own)}) as own_page`;
  return sql`select id from ((${part(parts.own)}) union all (${part(parts.others)})) as page
    order by event_at desc nulls last, id desc nulls last limit ${size}`;
}

/**
 * When the own part fills the page, no entry older than the own part's last row can reach the page: its
 * time (UTC, microseconds) bounds every read of the page. A value known when the page query is planned, so
 * PostgreSQL plans and reads only the month partitions the page spans (usually one), and the others' part
 * (client lookups that also find the organisation's own entries, only to drop them) reads the hours the
 * page spans, ANDed with the time index (audit_log_event_at_brin), not the month's entries. Null: no bound.
 *
 * Looked for month by month, newest first (`boundWindows`), so each statement is planned for about one
 * month: with a client filter PostgreSQL may pick either reading the organisation's entries newest first
 * or collecting the client's entries and sorting them (their estimates are close, ANALYZE's sample decides),
 * and the second, over a year, took 110–210 ms at 10 million rows; over one month it is bounded.
 */
async function pageBound(
  db: Db,
  own: SQL[],
  after: SQL | null,
  size: number,
  newestMonth: string,
): Promise<SQL | null> {
  let need = size;
  for (const window of boundWindows(newestMonth)) {
    const rows = await db
      .select({ at: sql<string>`to_char(${l.eventAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')` })
      .from(l)
      .where(and(...own, after ?? undefined, ...window))
      .orderBy(...NEWEST_FIRST)
      .limit(need);
    if (rows.length >= need)
      return sql`${l.eventAt} >= (${rows[rows.length - 1]!.at}::timestamp at time zone 'UTC')`;
    need -= rows.length;
  }
  return null;
}

/**
 * From the UTC month `YYYY-MM` on (and any later time), the month before it, everything older: every
 * instant once, newest first.
 */
function boundWindows(month: string): SQL[][] {
  const start = new Date(`${month}-01T00:00:00Z`);
  const before = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, 1));
  const [m0, m1] = [start.toISOString(), before.toISOString()];
  return [
    [sql`${l.eventAt} >= ${m0}::timestamptz`],
    [sql`${l.eventAt} >= ${m1}::timestamptz`, sql`${l.eventAt} < ${m0}::timestamptz`],
    [sql`${l.eventAt} < ${m1}::timestamptz`],
  ];
}

/** One page, newest first, ordered like the keyset indexes: (event_at, id) desc nulls last. */
export async function queryLog(
  db: Db,
  entityId: number,
  filter: LogFilter,
  /**
   * `visible`: the organisations whose names the caller may read (default: only its own); `responsible`:
   * whose clients' access it answers for (default: its own clients).
   */
  opts: { cursor?: string; limit: number; visible?: readonly number[]; responsible?: readonly number[] },
): Promise<{ rows: LogRow[]; nextCursor: string | null }> {
  const cursor = decodeCursor(opts.cursor);
  const after = cursor
    ? sql`(${l.eventAt}, ${l.id}) < ((${cursor.at}::timestamp at time zone 'UTC'), ${cursor.id})`
    : null;
  const responsible = opts.responsible ?? [entityId];
  const parts = logWhere(entityId, filter, responsible);
  // The month of the newest row the page can hold: the cursor's, or now's.
  const newestMonth = (cursor?.at ?? new Date().toISOString()).slice(0, 7);
  const from = parts.others ? await pageBound(db, parts.own, after, opts.limit + 1, newestMonth) : null;
  const ids = pageIds(db, parts, after, opts.limit + 1, from);
  const rows = await selectLogWithNames(db, entityId, opts.visible ?? [entityId], responsible)
    // An array of the page's ids (an init plan), so the names are joined to those rows only.
    .where(and(sql`${l.id} = any(array(${ids}))`, from ?? undefined))
    .orderBy(...NEWEST_FIRST);
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(({ row, at: _at, related, ...names }) =>
      toLogRow(row, { ...names, related: related ?? [] }, entityId),
    ),
    nextCursor: rows.length > opts.limit && last ? encodeCursor({ at: last.at, id: last.row.id }) : null,
  };
}

export interface LogNames {
  userScreenName: string | null;
  entityName: string | null;
  objectName: string | null;
  patientName: string | null;
  related: { Id: number; Name: string | null }[];
}

const NO_NAMES: LogNames = {
  userScreenName: null,
  entityName: null,
  objectName: null,
  patientName: null,
  related: [],
};

/**
 * The entry as the Logboek shows it to `viewerEntityId`. Another organisation's entry (its access to the
 * viewer's client) keeps the organisation and the role, not who at that organisation, from where or with
 * which details: those are the other organisation's to show, in its own Logboek, where the same EventId
 * finds the entry.
 */
export function toLogRow(
  row: typeof l.$inferSelect,
  names: LogNames = NO_NAMES,
  viewerEntityId: number | null = row.entityId,
): LogRow {
  const own = row.entityId === viewerEntityId;
  return {
    EventId: row.eventId,
    EventAt: row.eventAt.toISOString(),
    Action: row.action,
    Outcome: row.outcome,
    UserId: own ? row.userId : null,
    Username: own ? row.username : null,
    Role: row.role,
    EntityId: row.entityId,
    ResponsibleUserId: own ? row.responsibleUserId : null,
    Ip: own ? row.ip : null,
    ObjectType: row.objectType,
    ObjectId: row.objectId,
    PatientId: row.patientId,
    Detail: own ? (row.detail ?? null) : null,
    UserScreenName: own ? names.userScreenName : null,
    EntityName: names.entityName,
    ObjectName: names.objectName,
    PatientName: names.patientName,
    // The names query lists another organisation's entry with the viewer's clients only.
    RelatedPatients:
      names.related.length > 0 || !own
        ? names.related
        : (row.relatedPatientIds ?? []).map((id) => ({ Id: id, Name: null })),
    ChangedFields: row.changedFields ?? null,
  };
}

/** Every entry of the Logboek (all its pages) as one condition: its two parts exclude each other. */
export function anyLogEntry(entityId: number, filter: LogFilter, responsible: readonly number[]): SQL {
  const { own, others } = logWhere(entityId, filter, responsible);
  return or(and(...own), others ? and(...others) : undefined)!;
}

/** How many entries the Logboek with this filter lists (all its pages): a dashboard tile's figure. */
export async function countLog(
  db: Db,
  entityId: number,
  filter: LogFilter,
  responsible: readonly number[] = [entityId],
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(l)
    .where(anyLogEntry(entityId, filter, responsible));
  return row?.n ?? 0;
}
