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
