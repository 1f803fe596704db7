import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from './helpers/login.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

describe('one error body for every error', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const postJson = (payload: string, url = '/oauth/token') =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

  it('answers malformed JSON with 400 VALIDATION_FAILED naming the body, never 500', async () => {
    const res = await postJson('{"grant_type": "password", ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Code: 'VALIDATION_FAILED', Fields: { body: expect.any(String) } });
  });

  it('names each wrong field with a Dutch message', async () => {
    // client_id is any string since system clients have their own ids (a wrong one is invalid_client).
    const res = await postJson(JSON.stringify({ grant_type: 'magic', client_id: 'abc', product_id: 'x' }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.Code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.Fields).sort()).toEqual(['grant_type', 'product_id']);
    expect(body.Fields.grant_type).toBe('Kies een van: password, refresh_token, client_credentials.');
  });

  it('answers a wrong content type with 415 and a huge body with 413', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ Code: 'UNSUPPORTED_MEDIA_TYPE' });
    const big = await postJson(JSON.stringify({ grant_type: 'password', pad: 'x'.repeat(2 * 1024 * 1024) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ Code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers unknown /api and /oauth routes with 404 NOT_FOUND', async () => {
    for (const url of ['/api/unknown', '/oauth/nothing', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ Code: 'NOT_FOUND', Message: expect.any(String) });
    }
  });

  it('answers a missing permission with 403 FORBIDDEN', async () => {
    const { access_token } = await login(t.app, 'verpleegkundige');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/management/settings/1',
      headers: bearer(access_token),
      payload: { WelcomeText: 'Welkom' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Code: 'FORBIDDEN' });
  });

  it('answers malformed JSON on an authenticated route with 400 too', async () => {
    const { access_token } = await login(t.app, 'beheerder');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/management/settings/1',
      headers: { ...bearer(access_token), 'content-type': 'application/json' },
      payload: '{"Theme":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('VALIDATION_FAILED');
  });
});
