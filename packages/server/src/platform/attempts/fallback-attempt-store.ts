import type { AttemptStore } from './attempt-limiter.ts';

/** Minimal logger the store reports to (Fastify's `app.log` fits). */
interface WarnLogger {
  warn(obj: object, msg: string): void;
}

/** One warning per outage at most this often, so a Redis outage under load does not flood the log. */
const WARN_INTERVAL_MS = 60_000;
/**
 * After a failure the primary is left alone this long; then one probe in the background (never a
 * user's request) decides whether it is back. A Redis that hangs instead of refusing costs each call a
 * full command timeout, and a login makes several calls: without this every login would wait seconds.
 */
export const PRIMARY_RETRY_MS = 5_000;
/** The key the background probe reads (a count, so it changes nothing). */
const PROBE_KEY = 'probe';

/**
 * An {@link AttemptStore} that uses `primary` (Redis) and, whenever it fails, `fallback` (the database
 * counters) for that call. Logins keep working while Redis is down instead of answering 500; the
 * limits still hold, counted in the database, which every instance on the same PostgreSQL shares.
 * Counts made during the outage are not carried over to Redis when it returns: at worst an attacker
 * gets one fresh window, which the per-username limit keeps small. After a failure the primary is
 * skipped until a background probe succeeds (see PRIMARY_RETRY_MS), so an outage costs the calls
 * running at that moment one command timeout, and no later call anything.
 */
export class FallbackAttemptStore implements AttemptStore {
  private lastWarnAt = -Infinity;
  /** When the primary last failed; null while it is considered up. */
  private failedAt: number | null = null;
  private probing = false;

  constructor(
    private readonly primary: AttemptStore,
    private readonly fallback: AttemptStore,
    private readonly log: WarnLogger,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string, windowMs: number): Promise<number> {
    return this.either((s) => s.hit(key, windowMs));
  }

  count(key: string, windowMs: number): Promise<number> {
    return this.either((s) => s.count(key, windowMs));
  }

  reset(key: string): Promise<void> {
    return this.either((s) => s.reset(key));
  }

  msUntilBelow(key: string, limit: number, windowMs: number): Promise<number> {
    return this.either((s) => s.msUntilBelow(key, limit, windowMs));
  }

  /** True while calls skip the primary. */
  get primaryDown(): boolean {
    return this.failedAt !== null;
  }

  private async either<T>(call: (store: AttemptStore) => Promise<T>): Promise<T> {
    if (this.failedAt !== null) {
      this.probeLater();
      return call(this.fallback);
    }
    try {
      return await call(this.primary);
    } catch (err) {
      this.failedAt ??= this.now();
      if (this.now() - this.lastWarnAt >= WARN_INTERVAL_MS) {
        this.lastWarnAt = this.now();
        // Only the message: a Redis error carries no user input, but keep the line small anyway.
        const message = err instanceof Error ? err.message : String(err);
        this.log.warn({ reason: message }, 'Redis unavailable: counting login attempts in the database');
      }
      return call(this.fallback);
    }
  }

  private probeLater(): void {
    if (this.probing || this.failedAt === null || this.now() - this.failedAt < PRIMARY_RETRY_MS) return;
    this.probing = true;
    this.primary.count(PROBE_KEY, 1000).then(
      () => {
        this.failedAt = null;
        this.probing = false;
      },
      () => {
        this.failedAt = this.now();
        this.probing = false;
      },
    );
  }
}
