import type { AttemptStore } from './attempt-limiter.ts';

/** Minimal logger the store reports to (Fastify's `app.log` fits). */
interface WarnLogger {
  warn(obj: object, msg: string): void;
}

/** One warning per outage at most this often, so a Redis outage under load does not flood the log. */
const WARN_INTERVAL_MS = 60_000;

/**
 * An {@link AttemptStore} that uses `primary` (Redis) and, whenever it fails, `fallback` (the database
 * counters) for that call. Logins keep working while Redis is down instead of answering 500; the
 * limits still hold, counted in the database, which every instance on the same PostgreSQL shares.
 * Counts made during the outage are not carried over to Redis when it returns: at worst an attacker
 * gets one fresh window, which the per-username limit keeps small.
 */
export class FallbackAttemptStore implements AttemptStore {
  private lastWarnAt = -Infinity;

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

  private async either<T>(call: (store: AttemptStore) => Promise<T>): Promise<T> {
    try {
      return await call(this.primary);
    } catch (err) {
      if (this.now() - this.lastWarnAt >= WARN_INTERVAL_MS) {
        this.lastWarnAt = this.now();
        // Only the message: a Redis error carries no user input, but keep the line small anyway.
        const message = err instanceof Error ? err.message : String(err);
        this.log.warn({ reason: message }, 'Redis unavailable: counting login attempts in the database');
      }
      return call(this.fallback);
    }
  }
}
