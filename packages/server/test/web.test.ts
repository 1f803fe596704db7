import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

describe('the SPA, headers and docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it.each(['/', '/management/persons', '/some/unknown', '/login?next=%2Famo'])(
    'serves index.html for %s without caching it',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('serves hashed chunks with a year-long immutable cache, and 404 for a missing one', async () => {
    const res = await get('/static/js/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/static/js/missing-000.js')).statusCode).toBe(404);
  });

  it('serves /locales/{lng}.json', async () => {
    for (const lng of ['nl', 'en']) {
      const res = await get(`/locales/${lng}.json`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveProperty('routes');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/locales/xx.json')).statusCode).toBe(404);
  });

  it('sets the security headers everywhere and no-store on the API', async () => {
    const page = await get('/management/persons');
    const csp = String(page.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const api = await get('/api/account');
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    // The same full set on refusals, unknown paths and files as on the page.
    const unknown = await get('/api/bestaat-niet');
    const file = await get('/static/js/app-abc123.js');
    expect([api.statusCode, unknown.statusCode, file.statusCode]).toEqual([401, 404, 200]);
    const securityHeaders = [
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'x-permitted-cross-domain-policies',
    ];
    for (const res of [api, unknown, file])
      for (const header of securityHeaders) expect(res.headers[header], header).toBe(page.headers[header]);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('publishes the OpenAPI document generated from the zod schemas', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty('/oauth/token');
    expect(doc.paths).toHaveProperty('/api/management/settings');
    expect((await get('/api/docs')).statusCode).toBeLessThan(400);
  });
});

describe('without a web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, config: { webDist: '/nonexistent/zorgportaal-web-dist' } });
  });
  afterAll(() => t.close());

  it('answers page requests with a clear 503 saying to build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});
