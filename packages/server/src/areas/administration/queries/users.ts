import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { type UserRef, userRefOf } from '../registration-mapper.ts';
import * as t from '../tables.ts';

/**
 * Who recorded and who double-checked: username and screen name of the accounts, in one query. Only the name
 * columns of their person: every keyed registration names its recorder this way, and a person's row also holds
 * the profile photo (up to AVATAR_MAX_BYTES as a data URL), which would travel with each registration.
 */
export async function loadUsers(db: Db, ids: Iterable<number | null>): Promise<Map<number, UserRef>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: t.accounts.id,
      username: t.accounts.username,
      first_names: t.persons.firstNames,
      last_name_prefix: t.persons.lastNamePrefix,
      last_name: t.persons.lastName,
      has_person: sql<boolean>`${t.persons.id} is not null`,
    })
    .from(t.accounts)
    .leftJoin(t.persons, eq(t.persons.id, t.accounts.personId))
    .where(inArray(t.accounts.id, wanted));
  return new Map(rows.map((r) => [r.id, userRefOf(r)]));
}
