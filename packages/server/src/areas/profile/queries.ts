import type { Profile, ProfileUpdate } from '@zorgportaal/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { setEmailAddresses } from '../accounts/public.ts';
import { toPerson, updatePersonDetails } from '../persons/public.ts';
import { accounts, persons } from './tables.ts';

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

/**
 * Updates the name, date of birth (the persons area's) and e-mail addresses (the accounts area's) in one
 * transaction, through their owners' functions.
 */
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
    await updatePersonDetails(tx, personId, {
      firstNames: name.FirstNames.trim(),
      lastNamePrefix: name.LastName.Prefix?.trim() || null,
      lastName: name.LastName.LastName.trim(),
      partnerPrefix: partner?.Prefix?.trim() || null,
      partnerLastName: partner?.LastName.trim() || null,
      dateOfBirth: update.DateOfBirth,
    });
    await setEmailAddresses(tx, accountId, emails);
  });
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
