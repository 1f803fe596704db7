import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../../medication/public.ts';
import { departments, patients } from '../tables.ts';

/** The first of `ids` that is no client in `scope` (unknown, or another organisation's), if any. */
export async function firstPatientOutOfScope(
  db: Db,
  scope: Scope,
  ids: readonly number[],
): Promise<number | undefined> {
  if (ids.length === 0) return undefined;
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(inArray(patients.id, [...ids]), inPatientScope(scope, patients.entityId, patients.id)));
  const found = new Set(rows.map((row) => row.id));
  return ids.find((id) => !found.has(id));
}

/** The department belongs to an organisation of the scope. */
export async function departmentInScope(db: Db, scope: Scope, id: number): Promise<boolean> {
  if (scope.length === 0) return false;
  const [row] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.id, id), inArray(departments.entityId, [...scope])))
    .limit(1);
  return row !== undefined;
}
