import type { PersonBody } from '@zorgportaal/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { personAccounts } from '../../../platform/person-accounts.ts';
import * as t from '../tables.ts';
import { registerPurge } from '../../../platform/purge.ts';
import { PURGED_NAME } from '../purged.ts';

export type PersonRow = typeof t.persons.$inferSelect;

/** A live (not deleted) person of the entity, or undefined. */
export async function findLivePerson(
  db: Db | Tx,
  entityId: number,
  id: number,
): Promise<PersonRow | undefined> {
  const [row] = await db
    .select()
    .from(t.persons)
    .where(and(eq(t.persons.id, id), eq(t.persons.entityId, entityId), eq(t.persons.deleted, false)))
    .limit(1);
  return row;
}

/** The form's fields as columns. Only these can be written from a body (no Id, Entity, Deleted). */
function personColumns(body: PersonBody) {
  const name = body.NameInformation;
  return {
    firstNames: name.FirstNames,
    lastNamePrefix: name.LastName.Prefix,
    lastName: name.LastName.LastName,
    partnerPrefix: name.LastNamePartner?.Prefix ?? null,
    partnerLastName: name.LastNamePartner?.LastName ?? null,
    dateOfBirth: body.DateOfBirth ?? null,
    customerName: body.CustomerName || null,
    avatar: body.Avatar ?? null,
  };
}

export async function createPerson(db: Db | Tx, entityId: number, body: PersonBody): Promise<PersonRow> {
  const [row] = await db
    .insert(t.persons)
    .values({ entityId, ...personColumns(body) })
    .returning();
  return row!;
}

/** PUT replaces the form's fields; an omitted Avatar keeps the stored one (it is uploaded separately). */
export async function updatePerson(
  db: Db | Tx,
  entityId: number,
  id: number,
  body: PersonBody,
): Promise<PersonRow | undefined> {
  const { avatar, ...columns } = personColumns(body);
  const [row] = await db
    .update(t.persons)
    .set({ ...columns, ...(body.Avatar === undefined ? {} : { avatar }), updatedAt: new Date() })
    .where(and(eq(t.persons.id, id), eq(t.persons.entityId, entityId), eq(t.persons.deleted, false)))
    .returning();
  return row;
}

/** The name and date of birth the person edits in their own profile (Profiel); nothing else changes. */
export async function updatePersonDetails(
  db: Db | Tx,
  personId: number,
  details: Pick<
    PersonRow,
    'firstNames' | 'lastNamePrefix' | 'lastName' | 'partnerPrefix' | 'partnerLastName' | 'dateOfBirth'
  >,
): Promise<void> {
  await db.update(t.persons).set(details).where(eq(t.persons.id, personId));
}

/** The person's photo (a checked data URL, or null). */
export async function setPersonAvatar(db: Db, personId: number, avatar: string | null): Promise<void> {
  await db.update(t.persons).set({ avatar }).where(eq(t.persons.id, personId));
}

/**
 * Soft delete (spec §7): Deleted=true, Active=false; the person's accounts are deactivated and all
 * their sessions revoked (by the accounts area, platform/person-accounts.ts), in one transaction. The
 * person moves to the trash can.
 */
export async function softDeletePerson(
  db: Db,
  entityId: number,
  id: number,
  deletedBy: number,
): Promise<{ person: PersonRow; accountIds: number[] } | undefined> {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .update(t.persons)
      .set({ deleted: true, active: false, deletedAt: new Date(), deletedBy, updatedAt: new Date() })
      .where(and(eq(t.persons.id, id), eq(t.persons.entityId, entityId), eq(t.persons.deleted, false)))
      .returning();
    if (!person) return undefined;
    const accountIds = await personAccounts().deactivateAll(tx, id, entityId);
    return { person, accountIds };
  });
}

// A purged person keeps its row (other rows and the audit log refer to it); its personal data goes.
registerPurge('persons', async (tx, { personId }) => {
  await tx
    .update(t.persons)
    .set({
      firstNames: '-',
      lastNamePrefix: null,
      lastName: PURGED_NAME,
      partnerPrefix: null,
      partnerLastName: null,
      dateOfBirth: null,
      customerName: null,
      avatar: null,
      purgedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(t.persons.id, personId));
});
