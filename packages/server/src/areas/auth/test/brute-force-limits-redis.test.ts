import { randomBytes } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAttempts } from '../../../schema.ts';
import { loginForm, postForm } from '../../../../test/helpers/account-security.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** CI sets REDIS_TEST_URL (redis://127.0.0.1:6379); without it this file is skipped. */
const redisUrl = process.env.REDIS_TEST_URL;
/** Sharing is under test here, not the fallback: a stalled worker must not send a count to the database. */
const redisCommandTimeoutMs = 10_000;

describe.skipIf(!redisUrl)('brute-force counters in Redis (REDIS_URL)', () => {
  const tag = randomBytes(6).toString('hex');
  // Addresses of this run only (one /64 each), so runs never share or leave per-IP counters.
  const net = `a${tag.slice(0, 3)}`;
  let calls = 0;
  const nextIp = () => `2001:db8:${net}:${++calls}::1`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Two instances, as behind a load balancer: each with its own database, sharing only Redis.
    a = await buildTestApp({ config: { redisUrl, redisCommandTimeoutMs } });
    b = await buildTestApp({ config: { redisUrl, redisCommandTimeoutMs } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    const redis = new Redis(redisUrl!);
    for (const pattern of [`*${tag}*`, `*2001:db8:${net}:*`]) {
      const keys = await redis.keys(`zorgportaal:attempts:${pattern}`);
      if (keys.length) await redis.del(...keys);
    }
    await redis.quit();
  });

  it('shares one failure count between two app instances', async () => {
    const username = `redis-${tag}`;
    const fail = (app: TestApp) =>
      postForm(app.app, '/oauth/token', loginForm(username, 'fout-fout-fout'), nextIp());
    for (let i = 0; i < 5; i++) expect((await fail(a)).statusCode).toBe(401);
    for (let i = 0; i < 4; i++) expect((await fail(b)).statusCode).toBe(401);
    const tenth = await fail(a);
    expect(tenth.statusCode).toBe(429);
    expect(Number(tenth.headers['retry-after'])).toBeGreaterThan(0);
    const onB = await fail(b);
    expect(onB.statusCode).toBe(429);
    expect(onB.json()).toMatchObject({ Code: 'TOO_MANY_ATTEMPTS', error: 'slow_down' });
    // Nothing was counted in the databases: Redis holds the counters.
    expect(await a.db.select().from(authAttempts)).toEqual([]);
    expect(await b.db.select().from(authAttempts)).toEqual([]);
  });
});

describe.skipIf(!redisUrl)('an instance that starts while Redis is slow to answer', () => {
  const tag = randomBytes(6).toString('hex');
  // An address of this run only, so its per-IP counter is removed with the rest.
  const net = `b${tag.slice(0, 3)}`;
  let proxy: Server;
  let t: TestApp;
  beforeAll(async () => {
    // Redis behind a proxy that holds each new connection for 300 ms, as a busy network would.
    const target = new URL(redisUrl!);
    proxy = createServer((client) => {
      setTimeout(() => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        client.pipe(upstream).pipe(client);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
      }, 300);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    t = await buildTestApp({ config: { redisUrl: `redis://127.0.0.1:${port}`, redisCommandTimeoutMs } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => proxy.close(resolve));
    const redis = new Redis(redisUrl!);
    for (const pattern of [`*${tag}*`, `*2001:db8:${net}:*`]) {
      const keys = await redis.keys(`zorgportaal:attempts:${pattern}`);
      if (keys.length) await redis.del(...keys);
    }
    await redis.quit();
  });

  it('counts its very first failed login in Redis, like every other instance', async () => {
    const response = await postForm(
      t.app,
      '/oauth/token',
      loginForm(`slow-${tag}`, 'fout-fout-fout'),
      `2001:db8:${net}:1::1`,
    );
    expect(response.statusCode).toBe(401);
    expect(await t.db.select().from(authAttempts)).toEqual([]);
    const redis = new Redis(redisUrl!);
    expect(await redis.keys(`zorgportaal:attempts:*slow-${tag}*`)).not.toEqual([]);
    await redis.quit();
  });
});
