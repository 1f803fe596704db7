import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A concrete URL for a route pattern: every parameter and wildcard becomes "1". */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, '1');

describe('deny by default on the matched route', () => {
  it('answers 401 for a percent-encoded /api prefix without a token, never 200, 403 or 500', async () => {
    for (const url of ['/%61pi/account/ip/currentip', '/%61pi/account/profile', '/%61pi/accounts/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toMatchObject({ Code: 'UNAUTHORIZED' });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('treats the encoded path as the same route with a token, including no-store', async () => {
    const me = await login(t.app, 'verpleegkundige');
    const res = await t.app.inject({
      method: 'GET',
      url: '/%61pi/account/profile',
      headers: bearer(me.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses every registered non-public route without a token with 401', async () => {
    const routes = t.app.registeredRoutes.filter((r) => !r.public);
    // The API has far more than a handful of routes; an empty list would make this test pass vacuously.
    expect(routes.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const route of routes) {
      const url = concrete(route.url);
      for (const headers of [{}, bearer('not-a-token')]) {
        const res = await t.app.inject({ method: route.method as 'GET', url, headers });
        if (res.statusCode !== 401) wrong.push(`${route.method} ${url}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the public routes to the login steps, health, docs, static files, the ticketed event stream and the FHIR CapabilityStatement', () => {
    const open = [...new Set(t.app.registeredRoutes.filter((r) => r.public).map((r) => r.url))];
    for (const url of open)
      expect(url, url).toMatch(
        /^(\/oauth\/(token|2fa)|\/api\/auth\/(forgotpassword|resetforgotpassword|passwordreset)|\/health\/(live|ready)|\/api\/docs(\/.*)?|\/(static|locales)\/\*|\/api\/communication\/events|\/api\/account\/not-me|\/fhir\/R4\/metadata)$/,
      );
  });
});
