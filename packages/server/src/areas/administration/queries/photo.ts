import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { type Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../../medication/public.ts';

const clientInScope = (patientId: number, scope: Scope) =>
  and(
    eq(t.patients.id, patientId),
    eq(t.persons.deleted, false),
    inPatientScope(scope, t.patients.entityId, t.patients.id),
  );

/**
 * The version of a client's photo (null: no photo) when the client lies in the caller's scope; undefined
 * otherwise. Enough to answer a revalidation: the photo itself (up to 300 KB) is not read.
 */
export async function scopedPhotoVersion(
  db: Db,
  patientId: number,
  scope: Scope,
): Promise<{ version: string | null } | undefined> {
  const [row] = await db
    .select({ version: t.persons.avatarVersion })
    .from(t.patients)
    .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
    .where(clientInScope(patientId, scope));
  return row;
}

/** A client's photo (data URL or null) and its version when the client lies in the caller's scope. */
export async function scopedPatientPhoto(
  db: Db,
  patientId: number,
  scope: Scope,
): Promise<{ avatar: string | null; version: string | null } | undefined> {
  const [row] = await db
    .select({ avatar: t.persons.avatar, version: t.persons.avatarVersion })
    .from(t.patients)
    .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
    .where(clientInScope(patientId, scope));
  return row;
}
