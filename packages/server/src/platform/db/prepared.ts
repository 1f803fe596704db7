import type { Db } from './client.ts';
import { PGliteKeepingStatements } from './pglite-named.ts';

/** What both drivers' clients offer: node-postgres' Pool (named statements) and PGlite. */
interface RawClient {
  query(
    query: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: unknown[] }>;
}

/** The driver's own client behind a Drizzle database (set by both drivers as `$client`). */
const clientOf = (db: Db): RawClient => {
  const client = (db as unknown as { $client?: RawClient }).$client;
  if (!client) throw new Error('preparedStatement needs the database itself, not a transaction');
  return client;
};

const isPool = (client: RawClient): boolean => 'totalCount' in client;

/**
 * A hot statement built once: SQL text with `$1`, `$2`… parameters, run without Drizzle's query building
 * and row mapping (which were a quarter of the busy time of the Toedienlijst; docs/performance.md). A named
 * prepared statement: on PostgreSQL parsed and planned once per pooled connection, on PGlite once per database
 * (pglite-named.ts keeps every repeated statement prepared there, by its text). Rows come as the driver parses them: `json`/`jsonb` as
 * values, `int4` as numbers, `timestamptz` as `Date`; keep the selected types to those (cast `bigint` to
 * `int` or to text). Only for statements outside a transaction (the reads of the hot path).
 */
export function preparedStatement<Row>(name: string, text: string, options: { planPerCall?: boolean } = {}) {
  // planPerCall: an unnamed statement, planned with each call's values. For a statement whose best plan
  // depends on its values (how many departments an array holds): PostgreSQL's generic plan of a named
  // statement, chosen after five calls, cannot see them and may scan a whole table where an index would do.
  const named = !options.planPerCall;
  return async (db: Db, values: readonly unknown[]): Promise<Row[]> => {
    const client = clientOf(db);
    const result = !named
      ? client instanceof PGliteKeepingStatements
        ? await client.queryPlannedPerCall(text, [...values])
        : await client.query(text, [...values])
      : isPool(client)
        ? await client.query({ name, text, values: [...values] })
        : await client.query(text, [...values]);
    return result.rows as Row[];
  };
}
