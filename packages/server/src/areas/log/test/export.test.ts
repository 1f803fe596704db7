import { get } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { rowsOf } from '../../../platform/db/client.ts';
import { type CellRows, EXPORT_FAILED_ROW, exportCsv } from '../csv.ts';
import { EXPORT_STATEMENT } from '../queries/export.ts';
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

/** A real HTTP GET that stops reading after its first bytes; `abandon` then drops the connection. */
async function stalledDownload(t: TestApp, path: string, token: string) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return new Promise<{ status: number; abandon: () => void }>((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port, path, headers: bearer(token) }, (res) => {
      res.on('error', () => {}); // "aborted", when abandoned
      res.once('data', () => {
        res.pause();
        resolve({ status: res.statusCode ?? 0, abandon: () => request.destroy() });
      });
    }).on('error', reject);
  });
}

/**
 * The driver's query call (PGlite's client, or node-postgres' client, which runs the cursors) failing the
 * export's first batch read after one that returned rows (a FETCH on PostgreSQL, a page on PGlite).
 */
function failExportBatchAfterRows(t: TestApp) {
  type Query = (this: unknown, ...args: unknown[]) => Promise<{ rows: unknown[] }>;
  const target = (t.database.pglite ?? pg.Client.prototype) as unknown as { query: Query };
  const query = target.query;
  let gotRows = false;
  return vi.spyOn(target, 'query').mockImplementation(function (this: unknown, ...args: unknown[]) {
    const arg = args[0];
    const text = typeof arg === 'string' ? arg : String((arg as { text?: string }).text);
    if (!text.includes(EXPORT_STATEMENT) || !/^(fetch|\/\*)/i.test(text)) return query.apply(this, args);
    if (gotRows) return Promise.reject(new Error('Connection terminated unexpectedly'));
    return query.apply(this, args).then((result) => ((gotRows ||= result.rows.length > 0), result));
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
    // The export's second batch fails as if the database went away.
    const failing = failExportBatchAfterRows(t);
    try {
      const res = await httpGet(t, '/api/log/export?objectType=export_test', admin.token);
      expect(res.status).toBe(200);
      // The file says it is incomplete, and the transfer itself ends abnormally (no final chunk).
      expect(res.body.endsWith(EXPORT_FAILED_ROW)).toBe(true);
      expect(res.body.split('\r\n').length).toBeGreaterThan(2000);
      expect(res.complete).toBe(false);
    } finally {
      failing.mockRestore();
    }
    // Without a failure the same export ends with a data row.
    const whole = await admin.get('/api/log/export?objectType=export_test');
    expect(whole.body).not.toContain(EXPORT_FAILED_ROW);
    expect(whole.body.trim().split('\r\n')).toHaveLength(2101);
  });

  /** Exports whose cursor waits, mid-file, for its reader (PostgreSQL). */
  const heldExports = async () =>
    rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%'
          and query like ${`fetch forward % from ${EXPORT_STATEMENT}%`}`),
    )[0]!.n;
  const BIG = '/api/log/export?objectType=export_abandoned';
  // Far more than the stream and the sockets buffer, so the export waits for its reader mid-file.
  let big: Promise<unknown> | undefined;
  const bigLog = () =>
    (big ??= t.db.execute(sql`
      insert into audit_log (action, outcome, object_type, entity_id, username)
      select 'C', 'success', 'export_abandoned', a.entity_id, repeat('x', 300)
      from generate_series(1, 60000), accounts a where a.username = 'beheerder'`));

  it('ends its transaction and gives its connection back when the download is abandoned', async (ctx) => {
    // PostgreSQL: the export's cursors hold a pooled connection (PGlite pages and holds nothing).
    if (t.database.kind !== 'postgres') ctx.skip();
    await bigLog();
    const download = await stalledDownload(t, BIG, admin.token);
    expect(download.status).toBe(200);
    await vi.waitFor(async () => expect(await heldExports()).toBe(1), { timeout: 10_000 });
    download.abandon();
    await vi.waitFor(async () => expect(await heldExports()).toBe(0), { timeout: 10_000 });
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    await vi.waitFor(() => expect(pool.totalCount - pool.idleCount).toBe(0), { timeout: 10_000 });
  });

  it('pages, holding no connection, while slow downloads hold a quarter of the pool', async (ctx) => {
    if (t.database.kind !== 'postgres') ctx.skip();
    await bigLog();
    await t.db.execute(sql`
      insert into audit_log (action, outcome, object_type, entity_id, username)
      select 'C', 'success', 'export_paged', a.entity_id, 'vulling'
      from generate_series(1, 2100), accounts a where a.username = 'beheerder'`);
    const slow = [await stalledDownload(t, BIG, admin.token), await stalledDownload(t, BIG, admin.token)];
    await vi.waitFor(async () => expect(await heldExports()).toBe(2), { timeout: 10_000 });
    const query = vi.spyOn(pg.Pool.prototype, 'query');
    try {
      const whole = await admin.get('/api/log/export?objectType=export_paged');
      expect(whole.body.trim().split('\r\n')).toHaveLength(2101);
      const texts = query.mock.calls.map(([arg]) => String((arg as { text?: string }).text ?? arg));
      expect(texts.filter((text) => text.startsWith(`/* ${EXPORT_STATEMENT} */`)).length).toBeGreaterThan(1);
      expect(await heldExports()).toBe(2);
    } finally {
      query.mockRestore();
      for (const download of slow) download.abandon();
    }
    await vi.waitFor(async () => expect(await heldExports()).toBe(0), { timeout: 10_000 });
  });
});

describe('exportCsv', () => {
  const rows = (n: number): CellRows => Array.from({ length: n }, (_, i) => [`e${i}`, 'R']);

  it('ends with the failure row, reports the error and ends the stream with it', async () => {
    const onError = vi.fn();
    const out: string[] = [];
    const failure = new Error('gone');
    const failingBatches: AsyncIterator<CellRows> = { next: () => Promise.reject(failure) };
    const run = async () => {
      for await (const chunk of exportCsv(rows(2), failingBatches, onError)) out.push(chunk);
    };
    await expect(run()).rejects.toBe(failure);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(out.at(-1)).toBe(EXPORT_FAILED_ROW);
    expect(out.join('').split('\r\n').filter(Boolean)).toHaveLength(4); // header, 2 rows, marker
  });
});
