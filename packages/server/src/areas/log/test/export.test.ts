import { get } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPORT_FAILED_ROW, exportCsv, type LogPage } from '../csv.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { bearer } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** A real HTTP GET (inject cannot show a response that breaks off): status, body so far, completeness. */
async function httpGet(t: TestApp, path: string, token: string) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return new Promise<{ status: number; body: string; complete: boolean }>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: bearer(token) }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('error', () => {}); // "aborted": reported through `complete`
      res.on('close', () => resolve({ status: res.statusCode ?? 0, body, complete: res.complete }));
    }).on('error', reject);
  });
}

describe('GET /api/log/export never ends a 200 silently mid-file', () => {
  let t: TestApp;
  let admin: Api;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await apiAs(t.app, 'beheerder');
  });
  afterAll(() => t.close());

  it('refuses an out-of-range id filter with a 400 naming the field, before any CSV byte', async () => {
    for (const field of ['userId', 'personId', 'patientId']) {
      const res = await admin.get(`/api/log/export?${field}=2147483648`);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({
        Code: 'VALIDATION_FAILED',
        Fields: { [field]: expect.any(String) },
      });
    }
    const list = await admin.get('/api/log?userId=2147483648');
    expect(list.statusCode).toBe(400);
    expect(list.json()).toMatchObject({ Fields: { userId: expect.any(String) } });
  });

  it('marks the file as incomplete when a later batch fails', async () => {
    // More rows than one export batch (2000), so the export needs a second query.
    await t.db.execute(sql`
      insert into audit_log (action, outcome, object_type, entity_id, username)
      select 'C', 'success', 'export_test', a.entity_id, 'vulling'
      from generate_series(1, 2100), accounts a where a.username = 'beheerder'`);
    const select = t.db.select.bind(t.db);
    let pageQueries = 0;
    // The export's page query selects { row, at }; the second one fails as if the database went away.
    const spy = vi.spyOn(t.db, 'select').mockImplementation(((fields?: Record<string, unknown>) => {
      if (fields && 'row' in fields && 'at' in fields && ++pageQueries === 2)
        throw new Error('Connection terminated unexpectedly');
      return select(fields as never);
    }) as typeof t.db.select);
    try {
      const res = await httpGet(t, '/api/log/export?objectType=export_test', admin.token);
      expect(res.status).toBe(200);
      // The file says it is incomplete, and the transfer itself ends abnormally (no final chunk).
      expect(res.body.endsWith(EXPORT_FAILED_ROW)).toBe(true);
      expect(res.body.split('\r\n').length).toBeGreaterThan(2000);
      expect(res.complete).toBe(false);
    } finally {
      spy.mockRestore();
    }
    // Without a failure the same export ends with a data row.
    const whole = await admin.get('/api/log/export?objectType=export_test');
    expect(whole.body).not.toContain(EXPORT_FAILED_ROW);
    expect(whole.body.trim().split('\r\n')).toHaveLength(2101);
  });
});

describe('exportCsv', () => {
  const page = (n: number, next: string | null): LogPage => ({
    rows: Array.from({ length: n }, (_, i) => ({ EventId: `e${i}`, Action: 'R' }) as LogPage['rows'][number]),
    nextCursor: next,
  });

  it('ends with the failure row, reports the error and ends the stream with it', async () => {
    const onError = vi.fn();
    const out: string[] = [];
    const failure = new Error('gone');
    const run = async () => {
      for await (const chunk of exportCsv(page(2, 'c1'), () => Promise.reject(failure), onError))
        out.push(chunk);
    };
    await expect(run()).rejects.toBe(failure);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(out.at(-1)).toBe(EXPORT_FAILED_ROW);
    expect(out.join('').split('\r\n').filter(Boolean)).toHaveLength(4); // header, 2 rows, marker
  });
});
