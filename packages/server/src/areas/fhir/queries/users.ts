import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { personNameSql } from '../../persons/public.ts';
import * as t from '../tables.ts';

/**
 * The display names of the accounts that recorded or double-checked: their person's name, else `#<id>` (the
 * username is a login name and never leaves the portal).
 */
export async function accountNames(db: Db, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: t.accounts.id, name: personNameSql(t.persons) })
    .from(t.accounts)
    .leftJoin(t.persons, eq(t.persons.id, t.accounts.personId))
    .where(inArray(t.accounts.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name ?? `#${r.id}`]));
}
