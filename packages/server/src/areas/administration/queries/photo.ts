import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { type Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../../medication/public.ts';

/** A client's photo (data URL or null) when the client lies in the caller's scope; undefined otherwise. */
export async function scopedPatientPhoto(
  db: Db,
  patientId: number,
  scope: Scope,
): Promise<{ avatar: string | null } | undefined> {
  const [row] = await db
    .select({ avatar: t.persons.avatar })
    .from(t.patients)
    .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
    .where(
      and(
        eq(t.patients.id, patientId),
        eq(t.persons.deleted, false),
        inPatientScope(scope, t.patients.entityId, t.patients.id),
      ),
    );
  return row;
}
