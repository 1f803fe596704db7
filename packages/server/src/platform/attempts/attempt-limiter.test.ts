import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { migrationsFolder } from '../db/migrations.ts';
import { inTestTablespace } from '../../../test/helpers/test-tablespace.ts';
import {
  AttemptLimiter,
  type AttemptStore,
  RedisAttemptStore,
  SqlAttemptStore,
  ipKey,
  userAddressKey,
  userKey,
} from './attempt-limiter.ts';

const MIN = 60_000;

/** A clock the tests move by hand. */
function fakeClock(start = Date.UTC(2025, 0, 1, 12)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

/** Redis for the tests: REDIS_TEST_URL must work when set; otherwise try the local one and skip without it. */
async function connectRedis(): Promise<Redis | null> {
  const url = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  redis.on('error', () => {}); // reported through connect() below
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (error) {
    redis.disconnect();
    if (process.env.REDIS_TEST_URL)
      throw new Error(`REDIS_TEST_URL=${url} is not reachable: ${String(error)}`);
    console.warn(
      `Redis not reachable at ${url}: skipping the Redis attempt-store tests (set REDIS_TEST_URL to require them)`,
    );
    return null;
  }
}

/** The behaviour both stores must share, run against each with its own fake clock. */
function storeContract(makeStore: (clock: ReturnType<typeof fakeClock>) => AttemptStore) {
  const key = () => `test:${randomBytes(6).toString('hex')}`;

  it('counts hits within a sliding window', async () => {
    const clock = fakeClock();
    const store = makeStore(clock);
    const k = key();
    expect(await store.count(k, 15 * MIN)).toBe(0);
    expect(await store.hit(k, 15 * MIN)).toBe(1);
    clock.advance(5 * MIN);
    expect(await store.hit(k, 15 * MIN)).toBe(2);
    expect(await store.hit(k, 15 * MIN)).toBe(3);
    expect(await store.count(k, 15 * MIN)).toBe(3);
    clock.advance(10 * MIN); // the first hit is now exactly 15 minutes old: out of the window
    expect(await store.count(k, 15 * MIN)).toBe(2);
    expect(await store.hit(k, 15 * MIN)).toBe(3);
    expect(await store.count(k, 1 * MIN)).toBe(1);
  });

  it('counts hits in the same millisecond separately, also concurrently', async () => {
    const clock = fakeClock();
    const store = makeStore(clock);
    const k = key();
    const results = await Promise.all(Array.from({ length: 10 }, () => store.hit(k, MIN)));
    // Each hit saw all the hits before it: exactly 1..10, none lost to a race.
    expect(results.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await store.count(k, MIN)).toBe(10);
  });

  it('resets one key only', async () => {
    const clock = fakeClock();
    const store = makeStore(clock);
    const [a, b] = [key(), key()];
    await store.hit(a, MIN);
    await store.hit(b, MIN);
    await store.reset(a);
    expect(await store.count(a, MIN)).toBe(0);
    expect(await store.count(b, MIN)).toBe(1);
  });

  it('tells how long until the count drops below a limit', async () => {
    const clock = fakeClock();
    const store = makeStore(clock);
    const k = key();
    expect(await store.msUntilBelow(k, 1, 10 * MIN)).toBe(0);
    await store.hit(k, 10 * MIN);
    clock.advance(2 * MIN);
    await store.hit(k, 10 * MIN);
    clock.advance(1 * MIN);
    // Below 1: the newest (1 minute old) must leave the 10-minute window → 9 minutes.
    expect(await store.msUntilBelow(k, 1, 10 * MIN)).toBe(9 * MIN);
    // Below 2: the older one (3 minutes old) must leave → 7 minutes.
    expect(await store.msUntilBelow(k, 2, 10 * MIN)).toBe(7 * MIN);
    expect(await store.msUntilBelow(k, 3, 10 * MIN)).toBe(0);
  });
}

/** The policy on top of a store. */
function limiterContract(makeStore: (clock: ReturnType<typeof fakeClock>) => AttemptStore) {
  const user = () => userKey(`Jan-${randomBytes(4).toString('hex')}`);

  it('blocks after 10 failures in 15 minutes, not before', async () => {
    const clock = fakeClock();
    const limiter = new AttemptLimiter(makeStore(clock));
    const keys = [user(), ipKey('198.51.100.7')];
    for (let i = 1; i <= 9; i++) {
      expect(await limiter.fail(keys)).toEqual({ blocked: false });
      clock.advance(MIN);
    }
    expect(await limiter.check(keys)).toEqual({ blocked: false });
    expect(await limiter.fail(keys)).toEqual({ blocked: true, retryAfterSeconds: 60 });
    clock.advance(20_000);
    expect(await limiter.check(keys)).toEqual({ blocked: true, retryAfterSeconds: 40 });
    clock.advance(40_000);
    expect(await limiter.check(keys)).toEqual({ blocked: false });
  });

  it('forgets failures older than the window', async () => {
    const clock = fakeClock();
    const limiter = new AttemptLimiter(makeStore(clock));
    const keys = [user()];
    for (let i = 0; i < 9; i++) await limiter.fail(keys);
    clock.advance(15 * MIN);
    expect(await limiter.fail(keys)).toEqual({ blocked: false });
  });

  it('backs off: 1, 2, 4, 8, 15, 15 minutes, never permanent', async () => {
    const clock = fakeClock();
    const limiter = new AttemptLimiter(makeStore(clock));
    const keys = [user()];
    const locks: number[] = [];
    for (let round = 0; round < 6; round++) {
      let state = { blocked: false } as Awaited<ReturnType<AttemptLimiter['fail']>>;
      for (let i = 0; i < 10; i++) state = await limiter.fail(keys);
      expect(state.blocked).toBe(true);
      if (!state.blocked) return;
      locks.push(state.retryAfterSeconds);
      clock.advance(state.retryAfterSeconds * 1000 - 1000);
      expect((await limiter.check(keys)).blocked).toBe(true);
      clock.advance(1000);
      expect(await limiter.check(keys)).toEqual({ blocked: false });
    }
    expect(locks).toEqual([60, 120, 240, 480, 900, 900]);
  });

  it('forgets earlier lockouts after a day', async () => {
    const clock = fakeClock();
    const limiter = new AttemptLimiter(makeStore(clock));
    const keys = [user()];
    for (let i = 0; i < 10; i++) await limiter.fail(keys);
    clock.advance(24 * 60 * MIN);
    for (let i = 0; i < 9; i++) await limiter.fail(keys);
    expect(await limiter.fail(keys)).toEqual({ blocked: true, retryAfterSeconds: 60 });
  });

  it('blocks on any one key, each at its own limit: an address only after 100 failures', async () => {
    const clock = fakeClock();
    const limiter = new AttemptLimiter(makeStore(clock));
    const ip = { key: ipKey(`203.0.113.${Math.floor(Math.random() * 250)}`), maxFailures: 100 };
    for (let i = 0; i < 99; i++) await limiter.fail([user(), ip]);
    expect(await limiter.check([user(), ip])).toEqual({ blocked: false });
    expect(await limiter.fail([user(), ip])).toMatchObject({ blocked: true });
    expect(await limiter.check([user(), ip])).toMatchObject({ blocked: true });
    expect(await limiter.check([user()])).toEqual({ blocked: false });
  });

  it('clears a user after a successful login', async () => {
    const clock = fakeClock();
    const limiter = new AttemptLimiter(makeStore(clock));
    const u = user();
    for (let i = 0; i < 10; i++) await limiter.fail([u]);
    clock.advance(MIN);
    await limiter.succeed([u]);
    for (let i = 0; i < 9; i++) await limiter.fail([u]);
    // Lockout history was cleared too: the next lock is the first again (1 minute).
    expect(await limiter.fail([u])).toEqual({ blocked: true, retryAfterSeconds: 60 });
  });
}

describe('keys', () => {
  it('lowercases usernames and normalises addresses', () => {
    expect(userKey(' Jan.Jansen ')).toBe('user:jan.jansen');
    expect(ipKey('::ffff:192.0.2.1')).toBe('ip:192.0.2.1');
    expect(ipKey('192.0.2.1')).toBe('ip:192.0.2.1');
    expect(userAddressKey('Jan', '::ffff:192.0.2.1')).toBe('user:jan|ip:192.0.2.1');
  });
  it('groups IPv6 clients by /64', () => {
    expect(ipKey('2001:db8:1:2:aaaa::1')).toBe('ip:2001:db8:1:2::/64');
    expect(ipKey('2001:db8:1:2:bbbb::9')).toBe('ip:2001:db8:1:2::/64');
  });
});

/** The server project runs the PGlite and Redis stores; the server-postgres project only node-postgres. */
const onPostgresRun = process.env.TEST_DB === 'postgres';

describe.skipIf(onPostgresRun)('SqlAttemptStore on PGlite', () => {
  let db: PGlite;
  beforeAll(async () => {
    // The table as the migrations create it: the tests' migrated template (test/global-setup.ts).
    db = await PGlite.create({ loadDataDir: new Blob([readFileSync(inject('databaseTemplates').migrated)]) });
  });
  afterAll(async () => {
    await db?.close();
  });
  const make = (clock: ReturnType<typeof fakeClock>) =>
    new SqlAttemptStore(
      async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
      clock,
    );

  describe('store', () => storeContract(make));
  describe('limiter', () => limiterContract(make));

  it('prunes old rows of every key', async () => {
    const clock = fakeClock();
    const store = make(clock);
    await store.hit('prune:a', 60 * MIN);
    clock.advance(25 * 60 * MIN);
    await store.hit('prune:b', 60 * MIN);
    await store.prune();
    const { rows } = await db.query<{ key: string }>(
      "SELECT key FROM auth_attempts WHERE key LIKE 'prune:%'",
    );
    expect(rows.map((r) => r.key)).toEqual(['prune:b']);
  });

  it('keeps one row per key, whatever the number of attempts', async () => {
    const store = make(fakeClock());
    await Promise.all(Array.from({ length: 10 }, () => store.hit('parallel', 15 * MIN)));
    expect(await store.count('parallel', 15 * MIN)).toBe(10);
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM auth_attempts WHERE key = 'parallel'",
    );
    expect(rows[0]!.n).toBe(1);
  });
});

/** The server-postgres project (TEST_DB=postgres) also runs the SQL store on node-postgres. */
const postgresUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!postgresUrl)('SqlAttemptStore on PostgreSQL (node-postgres)', () => {
  // A throw-away database with the migrations' tables, so the test leaves the shared server as it found it.
  const name = `attempts_test_${randomBytes(6).toString('hex')}`;
  let pool: pg.Pool;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}${inTestTablespace()}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    const database = await openDatabase(url.toString());
    await database.migrate(migrationsFolder());
    await database.close();
    pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
    // A client still closing when the database is dropped (FORCE) reports it; that is the test's own end.
    pool.on('error', () => undefined);
  });
  afterAll(async () => {
    await pool?.end();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  const make = (clock: ReturnType<typeof fakeClock>) =>
    new SqlAttemptStore(async (sql, params) => (await pool.query(sql, params)).rows, clock);

  describe('store', () => storeContract(make));
  describe('limiter', () => limiterContract(make));
});

const redis = await connectRedis();

describe.skipIf(!redis || onPostgresRun)('RedisAttemptStore', () => {
  const prefix = `zorgportaal-test:${randomBytes(6).toString('hex')}:`;
  const make = (clock: ReturnType<typeof fakeClock>) => new RedisAttemptStore(redis!, prefix, clock);

  afterAll(async () => {
    // Remove every key this run created, then close the connection.
    let cursor = '0';
    do {
      const [next, keys] = await redis!.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis!.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis!.quit();
  });

  describe('store', () => storeContract(make));
  describe('limiter', () => limiterContract(make));

  it('lets keys expire with their window', async () => {
    const store = new RedisAttemptStore(redis!, prefix);
    await store.hit('expiring', 60_000);
    const ttl = await redis!.pttl(`${prefix}expiring`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
