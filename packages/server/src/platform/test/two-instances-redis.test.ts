import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { loginForm, postForm } from '../../../test/helpers/account-security.ts';
import { bearer } from '../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/**
 * Two app instances on one PostgreSQL database sharing one Redis, as behind a load balancer: what
 * one instance decides (a lockout, a revoked session) holds on the other. CI sets REDIS_TEST_URL and
 * runs the PostgreSQL project; elsewhere this file is skipped.
 */
const redisUrl = process.env.REDIS_TEST_URL;

describe.skipIf(!redisUrl || process.env.TEST_DB !== 'postgres')(
  'two instances on PostgreSQL with Redis',
  () => {
    // An address of this run only, so runs never share per-address counters in Redis. Its group has four
    // digits and no leading zero: the limiter's key writes the address without one, and the clean-up below
    // finds the keys by the address as written here.
    const group = (0x1000 + (randomBytes(2).readUInt16BE() % 0xf000)).toString(16);
    const ip = `2001:db8:${group}:1::1`;
    let a: TestApp;
    let b: FastifyInstance;
    let bDatabase: Database;
    beforeAll(async () => {
      // Sharing is under test, not the fallback: a stalled worker must not send a count to the database.
      a = await buildTestApp({ config: { redisUrl, redisCommandTimeoutMs: 10_000 } });
      // The second instance: its own connection pool to the same database, same Redis, same secret.
      bDatabase = await openDatabase(a.config.databaseUrl!);
      b = await buildApp(a.config, bDatabase, { logger: false });
      await b.ready();
    });
    // The demo user's counters are not of this run alone: cleared before (a killed earlier run may have
    // left failures in the shared Redis) and after.
    const forgetCounters = async () => {
      const redis = new Redis(redisUrl!);
      const keys = await redis.keys(`zorgportaal:attempts:*${ip.split(':').slice(0, 3).join(':')}*`);
      await redis.del(
        'zorgportaal:attempts:f:login:user:assistent',
        'zorgportaal:attempts:l:login:user:assistent',
        ...keys,
      );
      await redis.quit();
    };
    beforeAll(forgetCounters);
    afterAll(async () => {
      await b?.close();
      await bDatabase?.close();
      await a?.close();
      await forgetCounters();
    });

    it('a lockout on one instance holds on the other', async () => {
      const fail = (app: FastifyInstance) =>
        postForm(app, '/oauth/token', loginForm('assistent', 'fout-fout-1'), ip);
      for (let i = 0; i < 5; i++) expect((await fail(a.app)).statusCode).toBe(401);
      for (let i = 0; i < 4; i++) expect((await fail(b)).statusCode).toBe(401);
      expect((await fail(a.app)).statusCode).toBe(429);
      // Even the right password is refused on the other instance, from another address too.
      const right = await postForm(b, '/oauth/token', loginForm('assistent'), '198.51.100.200');
      expect(right.statusCode).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('a session revoked on one instance is refused on the other', async () => {
      const login = await postForm(a.app, '/oauth/token', loginForm('apotheker'), '198.51.100.201');
      expect(login.statusCode).toBe(200);
      const { access_token } = login.json<{ access_token: string }>();
      expect(
        (await b.inject({ method: 'GET', url: '/api/account', headers: bearer(access_token) })).statusCode,
      ).toBe(200);
      const out = await b.inject({
        method: 'POST',
        url: '/api/account/logout',
        headers: bearer(access_token),
      });
      expect(out.statusCode).toBeLessThan(300);
      const after = await a.app.inject({ method: 'GET', url: '/api/account', headers: bearer(access_token) });
      expect(after.statusCode).toBe(401);
    });
  },
);
