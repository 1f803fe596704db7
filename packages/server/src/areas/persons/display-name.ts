import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** A person's name columns: the persons table, an alias of it, or raw SQL for a table a subquery names. */
export interface PersonNameColumns {
  firstNames: AnyColumn | SQL;
  lastNamePrefix: AnyColumn | SQL;
  lastName: AnyColumn | SQL;
}

/**
 * A person's display name in SQL, the contract's `screenName()`: first names, prefix and last name, each
 * trimmed, empty parts left out, one space between. Null when there is no name (no person in a left join),
 * or `orElse` then (e.g. the account's username): a text or an SQL text gives a name that is never null.
 */
export function personNameSql(person: PersonNameColumns): SQL<string | null>;
export function personNameSql(person: PersonNameColumns, orElse: string | SQL<string>): SQL<string>;
export function personNameSql(person: PersonNameColumns, orElse: AnyColumn | SQL): SQL<string | null>;
export function personNameSql(person: PersonNameColumns, orElse?: AnyColumn | SQL | string): SQL {
  const part = (column: AnyColumn | SQL) => sql`nullif(trim(${column}), '')`;
  const name = sql`nullif(concat_ws(' ', ${part(person.firstNames)}, ${part(person.lastNamePrefix)}, ${part(person.lastName)}), '')`;
  return orElse === undefined ? name : sql`coalesce(${name}, ${orElse})`;
}
