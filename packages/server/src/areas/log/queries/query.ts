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

/** The filters of the Logboek, always inside the caller's entity. */
export function logWhere(entityId: number, f: LogFilter): SQL[] {
  const where: SQL[] = [eq(l.entityId, entityId)];
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

/** One page, newest first, ordered like the keyset indexes: (event_at, id) desc nulls last. */
export async function queryLog(
  db: Db,
  entityId: number,
  filter: LogFilter,
  /** `visible`: the organisations whose names the caller may read (default: only its own). */
  opts: { cursor?: string; limit: number; visible?: readonly number[] },
): Promise<{ rows: LogRow[]; nextCursor: string | null }> {
  const where = logWhere(entityId, filter);
  const cursor = decodeCursor(opts.cursor);
  if (cursor)
    where.push(sql`(${l.eventAt}, ${l.id}) < ((${cursor.at}::timestamp at time zone 'UTC'), ${cursor.id})`);
  const rows = await selectLogWithNames(db, entityId, opts.visible ?? [entityId])
    .where(and(...where))
    .orderBy(sql`${l.eventAt} desc nulls last`, sql`${l.id} desc nulls last`)
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(({ row, at: _at, related, ...names }) =>
      toLogRow(row, { ...names, related: related ?? [] }),
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

export function toLogRow(row: typeof l.$inferSelect, names: LogNames = NO_NAMES): LogRow {
  return {
    EventId: row.eventId,
    EventAt: row.eventAt.toISOString(),
    Action: row.action,
    Outcome: row.outcome,
    UserId: row.userId,
    Username: row.username,
    Role: row.role,
    EntityId: row.entityId,
    ResponsibleUserId: row.responsibleUserId,
    Ip: row.ip,
    ObjectType: row.objectType,
    ObjectId: row.objectId,
    PatientId: row.patientId,
    Detail: row.detail ?? null,
    UserScreenName: names.userScreenName,
    EntityName: names.entityName,
    ObjectName: names.objectName,
    PatientName: names.patientName,
    RelatedPatients:
      names.related.length > 0
        ? names.related
        : (row.relatedPatientIds ?? []).map((id) => ({ Id: id, Name: null })),
    ChangedFields: row.changedFields ?? null,
  };
}

/** How many entries the Logboek with this filter lists (all its pages): a dashboard tile's figure. */
export async function countLog(db: Db, entityId: number, filter: LogFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(l)
    .where(and(...logWhere(entityId, filter)));
  return row?.n ?? 0;
}
