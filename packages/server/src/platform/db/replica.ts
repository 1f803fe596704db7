import pg from 'pg';

/** How often each instance measures the replica's replay lag (one small query). */
export const LAG_CHECK_MS = 1000;
/** A check or a connection that takes longer counts as an unreachable replica (the primary's own bound). */
const REPLICA_TIMEOUT_MS = 5000;

/** What the read routing needs to know about the replica, as of the last check. */
export interface ReplicaHealth {
  /** Reachable, a hot standby (or a primary), and at most the allowed lag behind. */
  usable(): boolean;
  /** The replay lag in milliseconds at the last check; null when unknown (unreachable, not streaming). */
  lagMs(): number | null;
  /** The largest lag at which heavy reads still go to the replica. */
  readonly maxLagMs: number;
  /** Measures now (the timer does this every LAG_CHECK_MS; tests and start-up call it directly). */
  check(): Promise<void>;
}

/**
 * SQLSTATEs after which a statement is run again on the primary: the replica refused a connection or
 * lost it (08, 57: shutting down, starting, cancelled), is out of resources (53, 58), has not replayed
 * the database yet (3D000), cancelled the read for a conflict with recovery (40001, 40P01), or refused
 * a write (25006: a first read that stores what it computed, e.g. planned days). An error without a
 * SQLSTATE is the connection itself failing. Anything else would fail on the primary too.
 */
export function replicaUnusable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return /^(08|53|57|58)/.test(code) || ['3D000', '40001', '40P01', '25006'].includes(code);
}

/**
 * The lag of a hot standby: 0 when it replayed everything it received (an idle primary sends
 * nothing, so the last replayed commit may be old without any lag), else the age of the last replayed
 * commit. Null while it receives nothing (no WAL receiver yet): then nobody knows how far behind it is.
 * A server that is not in recovery has no lag (a primary given as replica, or a promoted standby).
 */
const LAG_SQL = `select case
  when not pg_is_in_recovery() then 0
  when pg_last_wal_receive_lsn() is null then null
  when pg_last_wal_receive_lsn() <= pg_last_wal_replay_lsn() then 0
  else greatest(0, extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)
end::float8 as lag_ms`;

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('replica check timed out')), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * A pool on the read replica whose statements fall back to the primary: when the replica cannot run
 * one (see `replicaUnusable`), the same statement runs on `primary` and the replica counts as unusable
 * until the next good check. So a replica outage costs a failed connection attempt, never an error
 * answer. It stays a `pg.Pool` (Drizzle and prepared statements treat it as one); only the promise
 * form of `query` is used by them and supported here.
 */
export function openReplicaPool(
  url: string,
  primary: pg.Pool,
  maxLagMs: number,
): { pool: pg.Pool; health: ReplicaHealth; close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: REPLICA_TIMEOUT_MS });
  pool.on('error', () => {});
  let lag: number | null = null;
  let down = true; // until the first check says otherwise

  const direct = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<pg.QueryResult>;
  const fallback = async (config: unknown, values?: unknown) => {
    try {
      return await direct(config, values);
    } catch (err) {
      if (!replicaUnusable(err)) throw err;
      down = true;
      return (primary.query as typeof direct)(config, values);
    }
  };
  pool.query = fallback as unknown as typeof pool.query;
  // Drizzle's transactions check out a client with the promise form; pg-pool's own `query` calls
  // `connect(callback)`, which must stay as it is (its error reaches the fallback above).
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback);
    return connect()!.catch((err: unknown) => {
      if (!replicaUnusable(err)) throw err;
      down = true;
      return primary.connect();
    });
  }) as unknown as typeof pool.connect;

  let running: Promise<void> | null = null;
  const check = () =>
    (running ??= within(direct(LAG_SQL), REPLICA_TIMEOUT_MS)
      .then(
        (result) => {
          const value = (result.rows[0] as { lag_ms: number | null }).lag_ms;
          lag = value === null ? null : Number(value);
          down = false;
        },
        () => {
          lag = null;
          down = true;
        },
      )
      .finally(() => (running = null)));
  const timer = setInterval(() => void check(), LAG_CHECK_MS);
  timer.unref();
  void check();

  return {
    pool,
    health: {
      usable: () => !down && lag !== null && lag <= maxLagMs,
      lagMs: () => lag,
      maxLagMs,
      check,
    },
    async close() {
      clearInterval(timer);
      await running;
      await pool.end();
    },
  };
}
