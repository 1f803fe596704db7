import type { LogPage } from '@zorgportaal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../platform/db/client.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * The Logboek pages by keyset (event time with microseconds, then id), never by OFFSET: walking every
 * page of a large log returns each row once, in order, also where many rows share one instant or
 * differ by a microsecond only.
 */
describe('Logboek: keyset paging through deep pages', () => {
  const USER_ID = 987_654; // an id no demo account has: these rows only
  const ROWS = 641;
  let t: TestApp;
  let admin: Api;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await apiAs(t.app, 'beheerder');
    const berk = await entityIdOf(t, 'De Berk');
    // Groups of 7 rows at the same instant, neighbouring groups 1 µs apart, inserted out of order.
    await t.db.execute(sql`
      insert into audit_log (event_at, action, outcome, user_id, username, entity_id, object_type, object_id)
      select timestamptz '2026-03-01 10:00:00+00' + ((g * 37 % ${ROWS}) / 7) * interval '1 microsecond',
             'R', 'success', ${USER_ID}, 'bench', ${berk}, 'person', g::text
      from generate_series(1, ${ROWS}) g`);
  });
  afterAll(() => t.close());

  it('returns every row exactly once, newest first, page after page', async () => {
    const expected = rowsOf<{ id: string | number }>(
      await t.db.execute(
        sql`select id from audit_log where user_id = ${USER_ID} order by event_at desc, id desc`,
      ),
    ).map((r) => Number(r.id));
    expect(expected).toHaveLength(ROWS);
    const idOf = new Map(
      rowsOf<{ id: string | number; event_id: string }>(
        await t.db.execute(sql`select id, event_id from audit_log where user_id = ${USER_ID}`),
      ).map((r) => [r.event_id, Number(r.id)]),
    );

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await admin.get(`/api/log?userId=${USER_ID}&limit=13${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<LogPage>();
      expect(page.Rows.length).toBeLessThanOrEqual(13);
      seen.push(...page.Rows.map((r) => idOf.get(r.EventId)!));
      cursor = page.NextCursor;
      pages++;
    } while (cursor && pages < 100);
    expect(pages).toBe(Math.ceil(ROWS / 13));
    expect(seen).toEqual(expected);
  });

  it('continues from a deep page as from the start: a cursor names a position, not a page number', async () => {
    const all = (await admin.get(`/api/log?userId=${USER_ID}&limit=200`)).json<LogPage>();
    const next = (
      await admin.get(`/api/log?userId=${USER_ID}&limit=5&cursor=${all.NextCursor}`)
    ).json<LogPage>();
    const rest = (
      await admin.get(`/api/log?userId=${USER_ID}&limit=200&cursor=${all.NextCursor}`)
    ).json<LogPage>();
    expect(next.Rows.map((r) => r.EventId)).toEqual(rest.Rows.slice(0, 5).map((r) => r.EventId));
    expect(new Set([...all.Rows, ...rest.Rows].map((r) => r.EventId)).size).toBe(400);
  });
});
