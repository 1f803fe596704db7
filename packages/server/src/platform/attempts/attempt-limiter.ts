import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import { normaliseClientIp } from '../access/ip-allow-list.ts';

/**
 * Brute-force limits for logins, 2FA codes and password resets (security.md, ASVS 6.3.1, RFC 6749 §4.3.2).
 * Attempts are counted in a shared store (the database, or Redis when REDIS_URL is set) so that every
 * server instance sees the same counts. Timestamps come from the application clock, not the store's,
 * so the stores behave the same and tests can move time; a few seconds of skew between instances do
 * not matter for windows of minutes.
 */

/** A shared sliding-window counter of attempts per key. */
export interface AttemptStore {
  /** Records one attempt for `key` and returns how many fall within the last `windowMs`, this one included. */
  hit(key: string, windowMs: number): Promise<number>;
  /** How many attempts for `key` fall within the last `windowMs` (at most the window used with `hit`). */
  count(key: string, windowMs: number): Promise<number>;
  /** Forgets every attempt for `key`. */
  reset(key: string): Promise<void>;
  /**
   * Milliseconds until `key` has fewer than `limit` attempts within `windowMs`, i.e. until the
   * `limit`-th most recent attempt leaves the window; 0 when that is already so.
   */
  msUntilBelow(key: string, limit: number, windowMs: number): Promise<number>;
}

export interface StoreOptions {
  /** The clock, in milliseconds since the epoch (tests pass a fake one). */
  now?: () => number;
}

/** Attempts kept per key at most, so a flood cannot grow one key without bound. */
const MAX_ATTEMPTS_PER_KEY = 1000;

// ---------------------------------------------------------------------------------------------
// Redis: one sorted set per key, score = attempt time in ms, expiring with its window.
// ---------------------------------------------------------------------------------------------

/** {@link AttemptStore} on Redis (ioredis), for several instances sharing REDIS_URL. */
export class RedisAttemptStore implements AttemptStore {
  private readonly now: () => number;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'zorgportaal:attempts:',
    options: StoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const now = this.now();
    const k = this.prefix + key;
    // MULTI makes trim, add and count one atomic step, so concurrent hits on other instances all count.
    const results = await this.redis
      .multi()
      .zremrangebyscore(k, '-inf', now - windowMs)
      // The random suffix keeps two attempts in the same millisecond as two members.
      .zadd(k, now, `${now}:${randomBytes(6).toString('base64url')}`)
      .zremrangebyrank(k, 0, -(MAX_ATTEMPTS_PER_KEY + 1))
      .zcard(k)
      .pexpire(k, windowMs)
      .exec();
    if (!results) throw new Error('Redis transaction was aborted');
    const [error, count] = results[3]!;
    if (error) throw error;
    return Number(count);
  }

  async count(key: string, windowMs: number): Promise<number> {
    return this.redis.zcount(this.prefix + key, `(${this.now() - windowMs}`, '+inf');
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async msUntilBelow(key: string, limit: number, windowMs: number): Promise<number> {
    const now = this.now();
    const found = await this.redis.zrevrangebyscore(
      this.prefix + key,
      '+inf',
      `(${now - windowMs}`,
      'WITHSCORES',
      'LIMIT',
      limit - 1,
      1,
    );
    const score = found[1];
    return score === undefined ? 0 : Math.max(0, Number(score) + windowMs - now);
  }
}

// ---------------------------------------------------------------------------------------------
// SQL: one row per key holding the attempt times (the table `auth_attempts`, platform/db/schema/attempts.ts,
// created by the migrations). Works on PGlite and PostgreSQL (node-postgres).
// ---------------------------------------------------------------------------------------------

/**
 * Runs one parameterised statement ($1, $2, ...) and returns its rows. Adapters:
 * PGlite `(sql, params) => db.query(sql, params).then((r) => r.rows)`,
 * node-postgres `(sql, params) => pool.query(sql, params).then((r) => r.rows)`.
 */
export type SqlQuery = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

const iso = (ms: number): string => new Date(ms).toISOString();

/** {@link AttemptStore} on the application database (the default when REDIS_URL is not set). */
export class SqlAttemptStore implements AttemptStore {
  private readonly now: () => number;

  constructor(
    private readonly query: SqlQuery,
    options: StoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const now = this.now();
    // One atomic statement: add the attempt, drop times that left the window, keep at most
    // MAX_ATTEMPTS_PER_KEY, and return the count. On a conflict PostgreSQL re-reads the latest
    // committed row under a row lock, so no concurrent attempt is lost.
    const rows = await this.query(
      `INSERT INTO auth_attempts AS a (key, attempts, last_at)
       VALUES ($1, ARRAY[$2::timestamptz], $2::timestamptz)
       ON CONFLICT (key) DO UPDATE SET
         attempts = (SELECT (array_agg(t ORDER BY t DESC))[1:$4::int]
                     FROM unnest(a.attempts || $2::timestamptz) AS t WHERE t > $3::timestamptz),
         last_at = greatest(a.last_at, $2::timestamptz)
       RETURNING cardinality(a.attempts) AS n`,
      [key, iso(now), iso(now - windowMs), MAX_ATTEMPTS_PER_KEY],
    );
    return Number(rows[0]?.n ?? 1);
  }

  async count(key: string, windowMs: number): Promise<number> {
    const rows = await this.query(
      `SELECT count(*)::int AS n FROM auth_attempts a, unnest(a.attempts) AS t
       WHERE a.key = $1 AND t > $2::timestamptz`,
      [key, iso(this.now() - windowMs)],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.query('DELETE FROM auth_attempts WHERE key = $1', [key]);
  }

  async msUntilBelow(key: string, limit: number, windowMs: number): Promise<number> {
    const now = this.now();
    const rows = await this.query(
      `SELECT (extract(epoch FROM t) * 1000)::float8 AS ms FROM auth_attempts a, unnest(a.attempts) AS t
       WHERE a.key = $1 AND t > $2::timestamptz ORDER BY t DESC OFFSET $3 LIMIT 1`,
      [key, iso(now - windowMs), limit - 1],
    );
    const at = rows[0]?.ms;
    return at === undefined ? 0 : Math.max(0, Math.round(Number(at)) + windowMs - now);
  }

  /**
   * Deletes the rows of keys without an attempt in the last `maxAgeMs` (keys that never come back
   * would otherwise stay). Call it now and then, e.g. hourly, with at least the longest window in use.
   */
  async prune(maxAgeMs: number = DEFAULT_POLICY.lockMemoryMs): Promise<void> {
    await this.query('DELETE FROM auth_attempts WHERE last_at <= $1::timestamptz', [
      iso(this.now() - maxAgeMs),
    ]);
  }
}

// ---------------------------------------------------------------------------------------------
// Policy
// ---------------------------------------------------------------------------------------------

/** The limits; every number is explained in docs/security.md. */
export interface AttemptPolicy {
  /** Failures per key within `windowMs` that trigger a lockout (username and username+address keys). */
  maxFailures: number;
  /**
   * Failures per address alone that trigger a lockout. Much higher than `maxFailures`: a ward or a
   * pharmacy behind one NAT address must not be locked out by one colleague's typos (OWASP, Keycloak).
   */
  addressMaxFailures: number;
  windowMs: number;
  /** Length of the first lockout; each further lockout within `lockMemoryMs` doubles it ... */
  firstLockMs: number;
  /** ... up to this cap, so an attacker can never lock a real user out for long. */
  maxLockMs: number;
  /** How long earlier lockouts count towards the doubling. */
  lockMemoryMs: number;
}

/**
 * 10 failures in 15 minutes per username → locked for 1, 2, 4, 8, then at most 15 minutes. At the cap
 * that is 10 guesses per ~15 minutes (about 40 an hour per username), far below ASVS's 100 an hour,
 * while a user who mistyped ten times waits one minute. One address alone is locked only after 100
 * failures in 15 minutes (spraying many usernames), with the same back-off.
 */
export const DEFAULT_POLICY: Readonly<AttemptPolicy> = Object.freeze({
  maxFailures: 10,
  addressMaxFailures: 100,
  windowMs: 15 * 60_000,
  firstLockMs: 60_000,
  maxLockMs: 15 * 60_000,
  lockMemoryMs: 24 * 60 * 60_000,
});

/** A counter key; a plain string uses the policy's `maxFailures`, an object brings its own limit. */
export type LimitKey = string | { key: string; maxFailures: number };

const keyOf = (k: LimitKey): string => (typeof k === 'string' ? k : k.key);

/** Answer of {@link AttemptLimiter.check}: when blocked, send 429 with `Retry-After: retryAfterSeconds`. */
export type LimitState = { blocked: false } | { blocked: true; retryAfterSeconds: number };

/** Counter key for a username; lowercase because usernames are case-insensitive at login. */
export const userKey = (username: string): string => `user:${username.trim().toLowerCase()}`;

/** Counter key for one username from one address (OWASP: per user and source). */
export const userAddressKey = (username: string, ip: string): string => `${userKey(username)}|${ipKey(ip)}`;

/**
 * Counter key for a client address. IPv6 clients are grouped by their /64, because one subscriber
 * normally holds a whole /64 and could otherwise rotate addresses to get fresh counters.
 */
export function ipKey(ip: string): string {
  const normal = normaliseClientIp(ip) ?? ip;
  if (ipaddr.IPv6.isValid(normal) && !ipaddr.IPv4.isValidFourPartDecimal(normal)) {
    const parts = ipaddr.IPv6.parse(normal).parts.slice(0, 4);
    return `ip:${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toRFC5952String()}/64`;
  }
  return `ip:${normal}`;
}

/**
 * The lockout policy over an {@link AttemptStore}. Per key it keeps two counters: failures (`f:<key>`,
 * sliding 15-minute window) and lockouts (`l:<key>`, remembered 24 hours). Reaching `maxFailures`
 * records a lockout and starts counting failures afresh; the lock lasts `firstLockMs · 2^(n-1)`
 * (capped) from the n-th lockout. Typical use at login:
 *
 * ```ts
 * const keys = [userKey(username), ipKey(request.ip)];
 * const state = await limiter.check(keys);            // before verifying anything
 * if (state.blocked) reply 429, Retry-After: state.retryAfterSeconds
 * ok ? await limiter.succeed([userKey(username)]) : await limiter.fail(keys);
 * ```
 */
export class AttemptLimiter {
  readonly policy: Readonly<AttemptPolicy>;

  constructor(
    private readonly store: AttemptStore,
    policy: Partial<AttemptPolicy> = {},
  ) {
    this.policy = Object.freeze({ ...DEFAULT_POLICY, ...policy });
  }

  /** Lock length after the n-th lockout (n ≥ 1) within the lock memory. */
  lockDurationMs(lockouts: number): number {
    const { firstLockMs, maxLockMs } = this.policy;
    // Cap the exponent before Math.pow so a long history cannot overflow to Infinity.
    return Math.min(maxLockMs, firstLockMs * 2 ** Math.min(Math.max(lockouts - 1, 0), 30));
  }

  /** Whether any of the keys is locked now, and for how long (the longest lock wins). */
  async check(keys: readonly LimitKey[]): Promise<LimitState> {
    const waits = await Promise.all(keys.map((key) => this.remainingLockMs(keyOf(key))));
    const longest = Math.max(0, ...waits);
    return longest > 0 ? { blocked: true, retryAfterSeconds: Math.ceil(longest / 1000) } : { blocked: false };
  }

  /** Counts a failure for every key; returns the state afterwards (blocked after the key's limit). */
  async fail(keys: readonly LimitKey[]): Promise<LimitState> {
    const { windowMs, lockMemoryMs } = this.policy;
    for (const limitKey of keys) {
      const key = keyOf(limitKey);
      const limit = typeof limitKey === 'string' ? this.policy.maxFailures : limitKey.maxFailures;
      const failures = await this.store.hit(`f:${key}`, windowMs);
      if (failures >= limit) {
        await this.store.hit(`l:${key}`, lockMemoryMs);
        await this.store.reset(`f:${key}`);
      }
    }
    return this.check(keys);
  }

  /**
   * Clears failures and lockout history of the keys after a success. Pass only the user key: clearing
   * the IP key too would let an attacker with one valid account reset its per-IP counter at will.
   */
  async succeed(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      await this.store.reset(`f:${key}`);
      await this.store.reset(`l:${key}`);
    }
  }

  private async remainingLockMs(key: string): Promise<number> {
    const lockouts = await this.store.count(`l:${key}`, this.policy.lockMemoryMs);
    if (lockouts === 0) return 0;
    // The lock runs from the most recent lockout; it is over once that lockout is older than the duration.
    return this.store.msUntilBelow(`l:${key}`, 1, this.lockDurationMs(lockouts));
  }
}
