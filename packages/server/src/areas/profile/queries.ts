import type { Profile, ProfileUpdate } from '@zorgportaal/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { accounts, persons } from './tables.ts';
import { toPerson } from '../persons/public.ts';

/** The caller's own profile (ours): the account's person plus the account's e-mail addresses. */
export async function loadProfile(db: Db, accountId: number): Promise<Profile | null> {
  const [row] = await db
    .select({ person: persons, emails: accounts.emailAddresses })
    .from(accounts)
    .innerJoin(persons, eq(accounts.personId, persons.id))
    .where(eq(accounts.id, accountId));
  if (!row) return null;
  const person = toPerson(row.person);
  return {
    PersonId: person.Id,
    NameInformation: person.NameInformation,
    DateOfBirth: person.DateOfBirth,
    EmailAddress: row.emails,
    Avatar: person.Avatar,
  };
}

/** Updates the name, date of birth (person) and e-mail addresses (account) in one transaction. */
export async function updateProfile(db: Db, accountId: number, personId: number, update: ProfileUpdate) {
  const name = update.NameInformation;
  const partner = name.LastNamePartner ?? null;
  // Addresses compare case-insensitively (forgotten-password lookup), so keep each one once.
  const seen = new Set<string>();
  const emails = update.EmailAddress.map((e) => e.trim()).filter((e) => {
    const key = e.toLowerCase();
    return !seen.has(key) && seen.add(key);
  });
  await db.transaction(async (tx) => {
    await tx
      .update(persons)
      .set({
        firstNames: name.FirstNames.trim(),
        lastNamePrefix: name.LastName.Prefix?.trim() || null,
        lastName: name.LastName.LastName.trim(),
        partnerPrefix: partner?.Prefix?.trim() || null,
        partnerLastName: partner?.LastName.trim() || null,
        dateOfBirth: update.DateOfBirth,
      })
      .where(eq(persons.id, personId));
    await tx.update(accounts).set({ emailAddresses: emails }).where(eq(accounts.id, accountId));
  });
}

export async function setAvatar(db: Db, personId: number, avatar: string | null): Promise<void> {
  await db.update(persons).set({ avatar }).where(eq(persons.id, personId));
}

/** The avatar of a person of this organisation; undefined when there is no such person. */
export async function avatarOf(
  db: Db,
  personId: number,
  entityId: number,
): Promise<{ avatar: string | null } | undefined> {
  const [person] = await db
    .select({ avatar: persons.avatar })
    .from(persons)
    .where(and(eq(persons.id, personId), eq(persons.entityId, entityId)));
  return person;
}
