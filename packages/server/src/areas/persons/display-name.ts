import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * What JavaScript's `trim()` removes (ECMAScript WhiteSpace and LineTerminator): the contract's `screenName()`
 * trims each part with it, so the SQL below trims the same characters (PostgreSQL's `trim` takes spaces only).
 */
export const TRIMMED_CHARACTERS =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a' +
  '\u2028\u2029\u202f\u205f\u3000\ufeff';
/** The set as an SQL string literal (none of them is a quote). */
const TRIMMED_LITERAL = `'${TRIMMED_CHARACTERS}'`;

/**
 * A person's display name as SQL text over three name columns, for a prepared statement: the contract's
 * `screenName()` exactly ('' when no part is left), as `personNameSql` is for Drizzle.
 */
export const personNameText = (firstNames: string, lastNamePrefix: string, lastName: string): string =>
  `concat_ws(' ', ${[firstNames, lastNamePrefix, lastName]
    .map((column) => `nullif(btrim(${column}, ${TRIMMED_LITERAL}), '')`)
    .join(', ')})`;

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
  const part = (column: AnyColumn | SQL) => sql`nullif(btrim(${column}, ${sql.raw(TRIMMED_LITERAL)}), '')`;
  const name = sql`nullif(concat_ws(' ', ${part(person.firstNames)}, ${part(person.lastNamePrefix)}, ${part(person.lastName)}), '')`;
  return orElse === undefined ? name : sql`coalesce(${name}, ${orElse})`;
}
