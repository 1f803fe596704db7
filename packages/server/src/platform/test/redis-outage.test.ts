import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAttempts } from '../../schema.ts';
import { freshIp, loginForm, postForm } from '../../../test/helpers/account-security.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/** A port nothing listens on: bound once to learn a free number, then closed again. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 1;
}

describe('REDIS_URL set but Redis down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { redisUrl: `redis://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(() => t?.close());

  it('still logs in with the right password and refuses a wrong one (never a 500)', async () => {
    const ip = freshIp();
    const right = await postForm(t.app, '/oauth/token', loginForm('apotheker'), ip);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ access_token: expect.any(String) });
    const wrong = await postForm(t.app, '/oauth/token', loginForm('apotheker', 'fout-fout-fout'), ip);
    expect(wrong.statusCode).toBe(401);
  });

  it('keeps the lockout, counted in the database meanwhile', async () => {
    const ip = freshIp();
    const fail = () => postForm(t.app, '/oauth/token', loginForm('assistent', 'fout-fout-fout'), ip);
    for (let i = 0; i < 9; i++) expect((await fail()).statusCode).toBe(401);
    const tenth = await fail();
    expect(tenth.statusCode).toBe(429);
    expect(Number(tenth.headers['retry-after'])).toBeGreaterThan(0);
    const right = await postForm(t.app, '/oauth/token', loginForm('assistent'), freshIp());
    expect(right.statusCode).toBe(429);
    const rows = await t.db.select({ key: authAttempts.key }).from(authAttempts);
    expect(rows.map((r) => r.key)).toContain('l:login:user:assistent');
  });

  it('reports Redis as unavailable in readiness while still serving (degraded)', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'degraded', checks: { database: 'ok', redis: 'unavailable' } });
  });
});
