import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';

/** What a new order refers to, checked against the caller's organisation before it is stored. */

/** The department of this organisation's patient; undefined for a missing or foreign patient. */
export async function patientDepartment(
  db: Db,
  patientId: number,
  entityId: number,
): Promise<{ departmentId: number } | undefined> {
  const [patient] = await db
    .select({ departmentId: t.patients.departmentId })
    .from(t.patients)
    .where(and(eq(t.patients.id, patientId), eq(t.patients.entityId, entityId)));
  return patient;
}

/** True when the department exists and belongs to this organisation. */
export async function ownDepartment(db: Db, departmentId: number, entityId: number): Promise<boolean> {
  const [department] = await db
    .select({ id: t.departments.id })
    .from(t.departments)
    .where(and(eq(t.departments.id, departmentId), eq(t.departments.entityId, entityId)));
  return department !== undefined;
}

/** The ids among `productIds` that are in the medication catalogue. */
export async function knownProducts(db: Db, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .select({ id: t.medications.id })
    .from(t.medications)
    .where(inArray(t.medications.id, productIds));
  return new Set(rows.map((r) => r.id));
}
