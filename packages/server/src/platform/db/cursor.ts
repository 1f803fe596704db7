import type { PGliteInterface } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from './client.ts';

/** One statement as the driver takes it: SQL text with `$n` parameters (a builder's `.toSQL()`). */
export interface Statement {
  sql: string;
  params: unknown[];
}

/** Rows as arrays in select order. */
export type RowBatches = AsyncGenerator<unknown[][], void, undefined>;

const poolOf = (db: Db): pg.Pool | null => {
  const client = (db as unknown as { $client?: object }).$client;
  return client && 'totalCount' in client ? (client as pg.Pool) : null;
};

/** How many of a pool's connections streams may hold at once: a quarter (2 of the default 10). */
const streamsAllowed = (pool: pg.Pool): number => Math.max(1, Math.floor((pool.options.max ?? 10) / 4));
const streaming = new WeakMap<pg.Pool, number>();

/**
 * The rows of long read-only statements, one after the other, in batches of `size`: a server-side cursor
 * each, on a pooled connection of their own, in one read-only REPEATABLE READ transaction (one snapshot
 * for all of them; never all rows in memory). The next batch is asked for before this one is handed on,
 * so the database reads it while the caller writes this one. Planned for the whole result
 * (`cursor_tuple_fraction`), without JIT (compiling a long scan's simple expressions took longer than
 * running them). The connection is held until the last batch is read or the generator is closed
 * (`return()`, as a destroyed stream does), as long as a slow reader takes; after a failure it is
 * discarded, not reused.
 *
 * Null when the caller must page instead: on PGlite (its one connection would be held for the whole
 * stream, every other request waiting), and while a quarter of the pool is held by streams already, so
 * slow downloads cannot take the connections every other request needs.
 */
export function cursorBatches(
  db: Db,
  statements: Statement[],
  name: string,
  size: number,
): RowBatches | null {
  const pool = poolOf(db);
  if (!pool || (streaming.get(pool) ?? 0) >= streamsAllowed(pool)) return null;
  return readCursors(pool, statements, name, size);
}

async function* readCursors(pool: pg.Pool, statements: Statement[], name: string, size: number): RowBatches {
  // Counted from the generator's start: one that is never started holds nothing.
  streaming.set(pool, (streaming.get(pool) ?? 0) + 1);
  const client = await pool.connect().catch((err: unknown) => {
    streaming.set(pool, streaming.get(pool)! - 1);
    throw err;
  });
  const run = (text: string, values?: unknown[]) =>
    client.query<unknown[]>({ text, values, rowMode: 'array' });
  let ended = false;
  let failure: Error | undefined;
  let pending: Promise<pg.QueryResult<unknown[]>> | null = null;
  try {
    await run('begin isolation level repeatable read read only');
    await run('set local cursor_tuple_fraction = 1');
    await run('set local jit = off');
    // A read that fails while its batch waits to be asked for is reported by the next `await` of it.
    const watch = <T>(promise: Promise<T>) => (promise.catch(() => {}), promise);
    // Statement k's cursor is `<name>_k`.
    const fetch = (k: number) => watch(run(`fetch forward ${size} from ${name}_${k}`));
    const open = (k: number) => {
      const { sql, params } = statements[k]!;
      return watch(run(`declare ${name}_${k} no scroll cursor for ${sql}`, params).then(() => fetch(k)));
    };
    let k = 0;
    pending = statements.length ? open(0) : null;
    while (pending) {
      const { rows } = await pending;
      if (rows.length === size) pending = fetch(k);
      else {
        watch(run(`close ${name}_${k}`)); // frees its sort now, not at the commit
        pending = ++k < statements.length ? open(k) : null;
      }
      if (rows.length) yield rows;
    }
    await run('commit');
    ended = true;
  } catch (err) {
    failure = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    // Closed early (the download stopped) or failed: end the transaction; a connection that cannot is dropped.
    if (!ended && !failure) {
      await pending?.catch(() => {});
      await run('rollback').catch((err: Error) => (failure = err));
    }
    client.release(failure ?? false);
    streaming.set(pool, streaming.get(pool)! - 1);
  }
}

/** One statement's rows as arrays, on either driver (a page of a paged read). */
export async function arrayRows(db: Db, { sql, params }: Statement): Promise<unknown[][]> {
  const pool = poolOf(db);
  if (pool) return (await pool.query<unknown[]>({ text: sql, values: params, rowMode: 'array' })).rows;
  const pglite = (db as unknown as { $client: PGliteInterface }).$client;
  return (await pglite.query<unknown[]>(sql, params, { rowMode: 'array' })).rows;
}
