import { type AnyColumn, and, inArray, or, type SQL, sql } from 'drizzle-orm';
import { fullEntities, type Scope } from '../../platform/scope.ts';
import { patients } from './schema.ts';

/**
 * SQL: a row of a client (`entityColumn` its care centre, `patientIdColumn` the client) is in scope.
 * In a care centre reached as GP only the clients whose prescriber is the caller's organisation.
 */
export function inPatientScope(scope: Scope, entityColumn: AnyColumn, patientIdColumn: AnyColumn): SQL {
  const limit = scope.prescriber;
  if (!limit) return inArray(entityColumn, scope);
  const full = fullEntities(scope);
  return or(
    full.length ? inArray(entityColumn, full) : undefined,
    and(
      inArray(entityColumn, limit.entities),
      sql`${patientIdColumn} in (select ${patients.id} from ${patients} where ${patients.prescriberEntityId} = ${limit.entityId})`,
    ),
  )!;
}

/**
 * The same rule for a prepared statement (platform/db/prepared.ts): `inPatientScopeText(e, p, n)` is SQL text
 * over the columns `e` (care centre) and `p` (client) with the parameters `$n`, `$n+1`, `$n+2`, whose values
 * are `patientScopeParams(scope)`: the organisations seen whole, those reached only as GP, and the caller's
 * organisation as their clients' prescriber (null without a GP limit).
 */
export const inPatientScopeText = (entityColumn: string, patientColumn: string, n: number): string =>
  `(${entityColumn} = any($${n}::int[]) or (${entityColumn} = any($${n + 1}::int[]) and ${patientColumn} in ` +
  `(select id from patients where prescriber_entity_id = $${n + 2}::int)))`;

export function patientScopeParams(scope: Scope): [string, string, number | null] {
  const ids = (list: readonly number[]) => `{${list.map((id) => Math.trunc(id)).join(',')}}`;
  const limit = scope.prescriber;
  return limit ? [ids(fullEntities(scope)), ids(limit.entities), limit.entityId] : [ids(scope), '{}', null];
}
