import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { pgliteByteaCodec } from './pglite-bytea.ts';
import { PGliteKeepingStatements } from './pglite-named.ts';
import { openReplicaPool, type ReplicaHealth } from './replica.ts';
/**
 * The one database type the app uses: the common base of the PGlite and node-postgres drivers. It carries no
 * schema (no relational `db.query` API): queries import the tables they use, so the platform needs no area.
 */
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;

/** Rows of a raw `db.execute` result: both drivers (PGlite and node-postgres) return `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  /** The primary: every write, and every read that must see the latest state. */
  db: Db;
  /**
   * The read replica (DATABASE_READ_URL) for heavy reads, falling back to the primary statement by statement;
   * the primary itself when there is none. Pick it per request with `readDbOf` (platform/read-db.ts).
   */
  readDb: Db;
  /** The replica's lag and reachability; null without a replica (PGlite, or PostgreSQL without the setting). */
  replica: ReplicaHealth | null;
  kind: 'pglite' | 'postgres';
  /** The embedded database's own client (backups); absent on PostgreSQL. */
  pglite?: PGlite;
  /**
   * PostgreSQL only: true while requests wait for one of the pool's connections and a statement came back from
   * the database within `withinMs`: it is reachable, only busy (the readiness check, plugins/health.ts).
   */
  busyButAnswering?(withinMs: number): boolean;
  /** Runs the generated migrations (drizzle folder). */
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the database. `location` is a postgres:// URL, `memory://` (tests) or a directory
 * for the durable on-disk PGlite (the embedded default).
 */
export async function openDatabase(
  location: string,
  opts: {
    /** PGlite only: start from this data directory tarball (the tests' migrated template). */
    loadDataDir?: Blob;
    /**
     * PGlite only, for a new cluster: extra initdb arguments. The tests' templates use `--wal-segsize=1`: one
     * 16 MB write-ahead log segment is 40 % of an empty cluster, and every test file loads a copy of it.
     */
    initdbArgs?: string[];
    /**
     * PGlite only: its shared buffers (PostgreSQL's default is 128MB). The tests' copies take 4MB: a new
     * instance clears its whole buffer pool at start, half of the time a test file waits for its database.
     */
    sharedBuffers?: string;
    /** PostgreSQL only: a streaming replica of `location` for heavy reads, and its allowed lag. */
    readUrl?: string;
    readMaxLagMs?: number;
    /**
     * PostgreSQL only: how long a new connection may take (default 5 s, CONNECT_TIMEOUT_MS). Node runs due
     * timers before it reads sockets, so a process whose thread was busy for longer (the tests' embedded
     * template, WebAssembly on the same thread) times out a connection that had long been made.
     */
    connectTimeoutMs?: number;
  } = {},
): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(location)) return openPostgres(location, opts);
  return openPglite(location, opts);
}

async function openPglite(
  location: string,
  {
    loadDataDir,
    initdbArgs,
    sharedBuffers,
  }: { loadDataDir?: Blob; initdbArgs?: string[]; sharedBuffers?: string },
): Promise<Database> {
  if (location !== 'memory://') mkdirSync(path.dirname(location), { recursive: true });
  // relaxedDurability stays off: a write is acknowledged only after it reached the disk.
  const client = await PGliteKeepingStatements.open({
    ...(location === 'memory://' ? {} : { dataDir: location }),
    relaxedDurability: false,
    ...pgliteByteaCodec,
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(initdbArgs ? { initDbStartParams: initdbArgs } : {}),
    ...(sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] }
      : {}),
  });
  const db = drizzlePglite({ client, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    readDb: db as unknown as Db,
    replica: null,
    kind: 'pglite',
    pglite: client,
    async migrate(migrationsFolder) {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db, { migrationsFolder });
    },
    close: () => client.close(),
  };
}

/** The connections an instance keeps to PostgreSQL; the warm-up runs on each of them. */
export const POOL_SIZE = 10;

/** Without DATABASE_READ_MAX_LAG: how far behind the replica may be before heavy reads go to the primary. */
export const DEFAULT_READ_MAX_LAG_MS = 10_000;

/** How long the portal waits for a new PostgreSQL connection before the request fails. */
const CONNECT_TIMEOUT_MS = 5000;

async function openPostgres(
  url: string,
  {
    readUrl,
    readMaxLagMs,
    connectTimeoutMs = CONNECT_TIMEOUT_MS,
  }: { readUrl?: string; readMaxLagMs?: number; connectTimeoutMs?: number },
): Promise<Database> {
  // The pool keeps its connections (min = max) instead of closing those idle for 10 s (pg-pool's default): a
  // connection opened under load prepares every hot statement again and reads the catalog anew, which made
  // the first seconds of a start (or of a busy minute after a quiet one) the slowest (docs/operations.md).
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    min: POOL_SIZE,
    connectionTimeoutMillis: connectTimeoutMs,
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // A connection handed back without an error: the database answered a statement.
  let answeredAt = 0;
  pool.on('release', (err: Error | undefined) => {
    if (!err) answeredAt = Date.now();
  });
  const db = drizzlePg({ client: pool, casing: 'snake_case' });
  const replica = readUrl ? openReplicaPool(readUrl, pool, readMaxLagMs ?? DEFAULT_READ_MAX_LAG_MS) : null;
  return {
    db: db as unknown as Db,
    readDb: replica ? (drizzlePg({ client: replica.pool, casing: 'snake_case' }) as unknown as Db) : db,
    replica: replica?.health ?? null,
    kind: 'postgres',
    busyButAnswering: (withinMs) => pool.waitingCount > 0 && Date.now() - answeredAt <= withinMs,
    async migrate(migrationsFolder) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db, { migrationsFolder });
    },
    async close() {
      await replica?.close();
      await pool.end();
    },
  };
}
