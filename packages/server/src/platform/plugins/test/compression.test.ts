import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PersonPage } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('compressed answers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = (await login(t.app, 'beheerder')).access_token;
  });
  afterAll(() => t.close());

  const getAsset = (acceptEncoding: string) =>
    t.app.inject({
      method: 'GET',
      url: '/static/js/big-def456.js',
      headers: { 'accept-encoding': acceptEncoding },
    });
  const api = (url: string, acceptEncoding = 'gzip, deflate, br') =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-encoding': acceptEncoding } });

  it('sends a built asset as its pre-compressed .br, or .gz when only gzip is accepted', async () => {
    const plain = await getAsset('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('woord399');

    const br = await getAsset('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await getAsset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('compresses API JSON over 1 KB with Brotli, gzip as fallback', async () => {
    const br = await api('/api/personinfo?pageSize=100');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const page = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as PersonPage;
    expect(page.Rows.length).toBeGreaterThan(20);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(page).length);

    const gz = await api('/api/personinfo?pageSize=100', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(page);
  });

  it('leaves a small JSON answer uncompressed', async () => {
    const res = await api('/api/personinfo?pageSize=1&q=peter%20vries');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json<PersonPage>().Rows).toHaveLength(1);
  });
});
