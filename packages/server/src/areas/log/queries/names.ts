import { AUDIT_OBJECTS, type AuditObjectType } from '@zorgportaal/contract';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.ts';
import { personNameSql } from '../../persons/public.ts';
import { accounts, auditLog as l, departments, entities, patients, persons } from '../tables.ts';

/**
 * Names for the Logboek, resolved in the page query itself. A name is shown only for what the caller
 * may see: persons, clients and departments of the organisations in `visible` (its own and the care
 * centres it supplies), accounts of its own organisation. A refused attempt on another organisation's
 * id keeps only the id, so the log does not tell one organisation the names of another. Another
 * organisation's entry on the caller's clients (a care centre's Logboek) names only the caller's clients
 * among a list view's, and no account (toLogRow drops its user).
 */

/** Object types whose object id is a person, an account, a client, a department. */
const PERSON_OBJECTS: AuditObjectType[] = [AUDIT_OBJECTS.person, AUDIT_OBJECTS.person_avatar];
const ACCOUNT_OBJECTS: AuditObjectType[] = [
  AUDIT_OBJECTS.account,
  AUDIT_OBJECTS.account_2fa,
  AUDIT_OBJECTS.force_logout,
];
const PATIENT_OBJECTS: AuditObjectType[] = [AUDIT_OBJECTS.patient];
const DEPARTMENT_OBJECTS: AuditObjectType[] = [AUDIT_OBJECTS.department, AUDIT_OBJECTS.administration_list];

const inList = (types: AuditObjectType[]): SQL =>
  sql`${l.objectType} in (${sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  )})`;

/** The object id as an integer when the entry is about one of `types` (object_id is text: uuids too). */
const objectIdOf = (types: AuditObjectType[]): SQL =>
  sql`(case when ${inList(types)} and ${l.objectId} ~ '^[0-9]{1,9}$' then ${l.objectId}::integer end)`;

const idArray = (ids: readonly number[]): SQL =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::integer`),
    sql`, `,
  )}]`;

const userAccount = alias(accounts, 'log_user_account');
const userPerson = alias(persons, 'log_user_person');
const objectPerson = alias(persons, 'log_object_person');
const objectAccount = alias(accounts, 'log_object_account');
const objectDepartment = alias(departments, 'log_object_department');
const patient = alias(patients, 'log_patient');
const patientPerson = alias(persons, 'log_patient_person');
const entity = alias(entities, 'log_entity');
/** The related clients' rows, named in the subquery over `related_patient_ids` (not joined by the builder). */
const relatedPatient = alias(patients, 'rp');
const relatedPerson = alias(persons, 'rpp');

/** The Logboek page query with its names: the caller's entity, `visible` the organisations it may see. */
export function selectLogWithNames(
  db: Db,
  entityId: number,
  visible: readonly number[],
  /** Whose clients the caller answers for: of another organisation's list view only those are listed. */
  responsible: readonly number[] = [entityId],
) {
  const scope = idArray(visible.length ? visible : [entityId]);
  const answersFor = idArray(responsible.length ? responsible : [entityId]);
  const inScope = (column: AnyColumn) => sql`${column} = any(${scope})`;
  const related = sql<{ Id: number; Name: string | null }[] | null>`(
    select json_agg(json_build_object('Id', rid, 'Name',
      case when ${relatedPatient.entityId} = any(${scope}) then ${personNameSql(relatedPerson)} end) order by rid)
    from unnest(${l.relatedPatientIds}) as rid
    left join ${patients} rp on ${relatedPatient.id} = rid
    left join ${persons} rpp on ${relatedPerson.id} = ${relatedPatient.personId}
    where ${l.entityId} = ${entityId} or ${relatedPatient.entityId} = any(${answersFor}))`;
  return db
    .select({
      row: l,
      at: sql<string>`to_char(${l.eventAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
      userScreenName: personNameSql(userPerson),
      entityName: entity.name,
      objectName: sql<string | null>`coalesce(${personNameSql(objectPerson)}, ${objectAccount.username},
        ${objectDepartment.name}, case when ${inList(PATIENT_OBJECTS)} then ${personNameSql(patientPerson)} end)`,
      patientName: personNameSql(patientPerson),
      related,
    })
    .from(l)
    .leftJoin(userAccount, and(eq(userAccount.id, l.userId), eq(userAccount.entityId, entityId)))
    .leftJoin(userPerson, eq(userPerson.id, userAccount.personId))
    .leftJoin(entity, eq(entity.id, l.entityId))
    .leftJoin(
      objectPerson,
      and(sql`${objectPerson.id} = ${objectIdOf(PERSON_OBJECTS)}`, inScope(objectPerson.entityId)),
    )
    .leftJoin(
      objectAccount,
      and(sql`${objectAccount.id} = ${objectIdOf(ACCOUNT_OBJECTS)}`, eq(objectAccount.entityId, entityId)),
    )
    .leftJoin(
      objectDepartment,
      and(
        sql`${objectDepartment.id} = ${objectIdOf(DEPARTMENT_OBJECTS)}`,
        inScope(objectDepartment.entityId),
      ),
    )
    .leftJoin(
      patient,
      and(
        sql`${patient.id} = coalesce(${l.patientId}, ${objectIdOf(PATIENT_OBJECTS)})`,
        inScope(patient.entityId),
      ),
    )
    .leftJoin(patientPerson, eq(patientPerson.id, patient.personId));
}
