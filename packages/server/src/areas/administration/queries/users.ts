import { screenName } from '@zorgportaal/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { UserRef } from '../registration-mapper.ts';
import * as t from '../tables.ts';

/** Who recorded and who double-checked: username and screen name of the accounts, in one query. */
export async function loadUsers(db: Db, ids: Iterable<number | null>): Promise<Map<number, UserRef>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: t.accounts.id, username: t.accounts.username, person: t.persons })
    .from(t.accounts)
    .leftJoin(t.persons, eq(t.persons.id, t.accounts.personId))
    .where(inArray(t.accounts.id, wanted));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        Id: r.id,
        Username: r.username,
        ScreenName: r.person
          ? screenName({
              FirstNames: r.person.firstNames,
              LastName: { Prefix: r.person.lastNamePrefix, LastName: r.person.lastName },
            })
          : null,
      },
    ]),
  );
}
