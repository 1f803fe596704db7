import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { type Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../../medication/public.ts';
import type { AdministrationRow } from '../registration-mapper.ts';

/** The second user's double check of a registration: the queries it runs. */

/** The registration when it lies in the caller's scope; undefined otherwise (missing and foreign look the same). */
export async function findScopedRegistration(
  db: Db,
  id: number,
  scope: Scope,
): Promise<AdministrationRow | undefined> {
  const [row] = await db
    .select()
    .from(t.administrations)
    .where(
      and(
        eq(t.administrations.id, id),
        inPatientScope(scope, t.administrations.entityId, t.administrations.patientId),
      ),
    );
  return row;
}

/**
 * Records the double check. `double_check_by is null` in the update: of two simultaneous checks,
 * exactly one wins; the other gets undefined.
 */
export async function markDoubleChecked(
  db: Db,
  id: number,
  accountId: number,
  at: Date,
): Promise<AdministrationRow | undefined> {
  const [checked] = await db
    .update(t.administrations)
    .set({ doubleCheckBy: accountId, doubleCheckAt: at })
    .where(and(eq(t.administrations.id, id), isNull(t.administrations.doubleCheckBy)))
    .returning();
  return checked;
}

/** The id of the registration that corrects this one, or null. */
export async function correctionOf(db: Db, id: number): Promise<number | null> {
  const [correction] = await db
    .select({ id: t.administrations.id })
    .from(t.administrations)
    .where(eq(t.administrations.correctsId, id));
  return correction?.id ?? null;
}
