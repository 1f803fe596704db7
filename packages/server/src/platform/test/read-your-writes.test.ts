import type { LogPage } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../../../test/helpers/api.ts';
import { bearer } from '../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { type TestDatabase, testDatabase } from '../../../test/helpers/test-database.ts';
import { WROTE_COOKIE } from '../read-db.ts';

const PRINT = { Screen: 'administration_results', PatientIds: [] };

/**
 * Read-your-writes on every database: the cookie a write sets, and the routing it decides. Without a real
 * replica here, an empty copy of the schema stands in for one far behind (it has no Logboek entry at all),
 * so which database answered shows in the answer. The real hot standby: read-replica.test.ts.
 */
describe('read-your-writes', () => {
  let t: TestApp;
  let stale: TestDatabase;
  let writer: Api; // De Berk's Beheerder, the session that writes
  let reader: Api; // the same user in another session, which writes nothing

  const cookieOf = (res: { headers: Record<string, unknown> }): string | undefined =>
    [res.headers['set-cookie']].flat().find((c): c is string => String(c).startsWith(`${WROTE_COOKIE}=`));
  const logAs = (who: Api, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/log?action=P&limit=200',
      headers: { ...bearer(who.token), ...(cookie ? { cookie: cookie.split(';')[0] } : {}) },
    });

  beforeAll(async () => {
    [t, stale] = await Promise.all([buildTestApp(), testDatabase({ seed: false })]);
    [writer, reader] = await Promise.all([apiAs(t.app, 'beheerder'), apiAs(t.app, 'beheerder')]);
  });
  afterAll(async () => {
    await t.close();
    await stale.close();
  });

  it('sets the cookie on a write that succeeded, and on nothing else', async () => {
    const wrote = await writer.post('/api/log/print', PRINT);
    expect(wrote.statusCode, wrote.body).toBe(204);
    expect(cookieOf(wrote)).toMatch(
      new RegExp(`^${WROTE_COOKIE}=\\d+\\.[\\w-]{27}; Path=/; Max-Age=11; HttpOnly; SameSite=Strict$`),
    );
    const refused = await writer.post('/api/log/print', { ...PRINT, Screen: 'no_such_screen' });
    expect(refused.statusCode).toBe(400);
    expect(cookieOf(refused)).toBeUndefined();
    const read = await writer.get('/api/log?limit=1');
    expect(read.statusCode).toBe(200);
    expect(cookieOf(read)).toBeUndefined();
  });

  it('without a replica every read is the primary', async () => {
    expect(t.database.replica).toBeNull();
    expect(t.database.readDb).toBe(t.database.db);
    const page = (await logAs(reader)).json<LogPage>();
    expect(page.Rows.length).toBeGreaterThan(0);
  });

  describe('with a replica', () => {
    beforeAll(() => {
      t.database.readDb = stale.database.db;
      t.database.replica = { usable: () => true, lagMs: () => 0, maxLagMs: 10_000, check: async () => {} };
    });
    afterAll(() => {
      t.database.readDb = t.database.db;
      t.database.replica = null;
    });

    it("sends a session's heavy reads to the primary after it wrote, others' to the replica", async () => {
      const cookie = cookieOf(await writer.post('/api/log/print', PRINT));
      expect(cookie).toBeDefined();
      const own = (await logAs(writer, cookie)).json<LogPage>();
      expect(
        own.Rows.some((r) => r.Username === 'beheerder' && r.ObjectType === 'administration_results'),
      ).toBe(true);
      expect((await logAs(reader)).json<LogPage>().Rows).toEqual([]);
      // The cookie counts only for the session it was signed for, and only with it.
      expect((await logAs(reader, cookie)).json<LogPage>().Rows).toEqual([]);
      expect((await logAs(writer)).json<LogPage>().Rows).toEqual([]);
    });

    it('sends every heavy read to the primary while the replica is not usable', async () => {
      t.database.replica = { ...t.database.replica!, usable: () => false };
      expect((await logAs(reader)).json<LogPage>().Rows.length).toBeGreaterThan(0);
    });
  });
});
