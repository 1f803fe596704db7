import type { AccessRow } from '@zorgportaal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.ts';
import { personNameSql } from '../../persons/public.ts';
import { accounts, auditLog as l, entities, patients, persons } from '../tables.ts';
import { decodeCursor, encodeCursor, filterWhere } from './query.ts';

/** The client an access overview is about, with what its header shows. */
export interface AccessSubject {
  patientId: number;
  personId: number;
  name: string;
  dateOfBirth: string | null;
  /** The responsible care centre: the client's own organisation. */
  entityId: number;
}

/** The client `patientId` when `entityId` is its care centre (the one responsible for the record). */
export async function findAccessSubject(
  db: Db,
  patientId: number,
  entityId: number,
): Promise<AccessSubject | undefined> {
  const [row] = await db
    .select({
      patientId: patients.id,
      personId: patients.personId,
      name: personNameSql(persons, sql`''`),
      dateOfBirth: persons.dateOfBirth,
      entityId: patients.entityId,
    })
    .from(patients)
    .innerJoin(persons, eq(persons.id, patients.personId))
    .where(and(eq(patients.id, patientId), eq(patients.entityId, entityId)))
    .limit(1);
  return row;
}

export interface AccessPeriod {
  from?: string;
  to?: string;
}

const staffAccount = alias(accounts, 'access_staff_account');
const staffPerson = alias(persons, 'access_staff_person');
const entity = alias(entities, 'access_entity');

/**
 * One page of the accesses to the client's record, newest first: every organisation's successful entries
 * on the client (its record, the list views that showed it) and on its person, as the Logboek's person filter
 * finds them. `staffNames`: the care centre's own staff are named (its policy); another organisation's
 * staff never are, only that organisation and the role.
 */
export async function queryAccess(
  db: Db,
  subject: AccessSubject,
  period: AccessPeriod,
  opts: { cursor?: string; limit: number; staffNames: boolean },
): Promise<{ rows: AccessRow[]; nextCursor: string | null }> {
  const where = [
    eq(l.outcome, 'success'),
    ...filterWhere({ from: period.from, to: period.to, personId: subject.personId }),
  ];
  const cursor = decodeCursor(opts.cursor);
  if (cursor)
    where.push(sql`(${l.eventAt}, ${l.id}) < ((${cursor.at}::timestamp at time zone 'UTC'), ${cursor.id})`);
  const staffName = opts.staffNames
    ? sql<string | null>`case when ${l.entityId} = ${subject.entityId}
        then ${personNameSql(staffPerson, l.username)} end`
    : sql<string | null>`null`;
  const rows = await db
    .select({
      row: l,
      at: sql<string>`to_char(${l.eventAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
      entityName: entity.name,
      staffName,
    })
    .from(l)
    .leftJoin(entity, eq(entity.id, l.entityId))
    .leftJoin(staffAccount, and(eq(staffAccount.id, l.userId), eq(staffAccount.entityId, subject.entityId)))
    .leftJoin(staffPerson, eq(staffPerson.id, staffAccount.personId))
    .where(and(...where))
    .orderBy(sql`${l.eventAt} desc nulls last`, sql`${l.id} desc nulls last`)
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(({ row, entityName, staffName: name }) => ({
      EventId: row.eventId,
      EventAt: row.eventAt.toISOString(),
      Action: row.action,
      ObjectType: row.objectType,
      ChangedFields: row.changedFields ?? null,
      EntityName: entityName,
      Role: row.role,
      StaffName: name ?? null,
    })),
    nextCursor: rows.length > opts.limit && last ? encodeCursor({ at: last.at, id: last.row.id }) : null,
  };
}
