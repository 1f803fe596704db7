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
