import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('health and database outages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is live and ready (database reachable, migrations applied)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  // PostgreSQL's pool (10 connections): PGlite runs one statement at a time and has no pool to wait for.
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'stays ready while every connection is busy and requests queue for one (busy is not down)',
    async () => {
      expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
      // Eleven slow statements: ten hold every connection, the eleventh waits for one.
      const slow = Array.from({ length: 11 }, () =>
        t.db.execute(sql`select pg_sleep(1.5)`).then(() => Date.now()),
      );
      await new Promise((done) => setTimeout(done, 300));
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
      const readyAt = Date.now();
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
      // The check did not queue behind them: it answered before the first of them came back.
      expect(readyAt).toBeLessThan(Math.min(...(await Promise.all(slow))));
    },
  );

  it('answers 503 (not 500, no internals) when the database is gone', async () => {
    const { access_token } = await login(t.app, 'apotheker');
    await t.database.close();
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    const api = await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(access_token) });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toEqual({ Code: 'SERVICE_UNAVAILABLE', Message: expect.any(String) });
    expect(api.body).not.toMatch(/select|PGlite|pool/i);
  });
});
