import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../../medication/public.ts';
import { personNameSql } from '../../persons/public.ts';
import * as t from '../tables.ts';

/** A roll of this pharmacy for a care centre it supplies, with its client's name; undefined refuses. */
export async function rollForScan(db: Db, id: number, pharmacyId: number, careCentres: number[]) {
  const [row] = await db
    .select({
      id: t.baxterRolls.id,
      entityId: t.baxterRolls.entityId,
      patientId: t.baxterRolls.patientId,
      name: personNameSql(t.persons, ''),
    })
    .from(t.baxterRolls)
    .innerJoin(t.patients, eq(t.patients.id, t.baxterRolls.patientId))
    .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
    .where(and(eq(t.baxterRolls.id, id), eq(t.baxterRolls.pharmacyEntityId, pharmacyId)));
  return row && careCentres.includes(row.entityId) ? row : undefined;
}

/** Whether the roll has a sachet at `at`. */
export async function rollHasSachetAt(db: Db, rollId: number, at: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: t.baxterSachets.id })
    .from(t.baxterSachets)
    .where(and(eq(t.baxterSachets.rollId, rollId), eq(t.baxterSachets.at, at)))
    .limit(1);
  return row !== undefined;
}

/** A client's name when the client is in the caller's scope (else null: not theirs to see). */
export async function clientNameInScope(db: Db, patientId: number, scope: Scope): Promise<string | null> {
  const [row] = await db
    .select({ name: personNameSql(t.persons, '') })
    .from(t.patients)
    .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
    .where(and(eq(t.patients.id, patientId), inPatientScope(scope, t.patients.entityId, t.patients.id)));
  return row?.name ?? null;
}
