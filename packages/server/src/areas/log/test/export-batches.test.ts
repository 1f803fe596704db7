import type { LogPage, LogRow } from '@zorgportaal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../platform/db/client.ts';
import { csvHeader, csvLine } from '../csv.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { demoPatientOf } from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * The export reads the log in batches of its own (cursor FETCHes in month windows on PostgreSQL, keyset
 * pages on PGlite), not through the screen's pages. Across those boundaries it must still write exactly
 * what the screen shows, line for line: every entry once, in the screen's order, another organisation's
 * entries masked the same way. The entries straddle a month boundary in groups that share an instant,
 * and there are more than two batches of them (2000 rows each).
 */
describe('GET /api/log/export: the screen, line for line, across its batches', () => {
  const OWN = 4321;
  const PERIOD = 'from=2026-01-01&to=2026-03-31';
  let t: TestApp;
  let admin: Api;
  let berk: number;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await apiAs(t.app, 'beheerder');
    berk = await entityIdOf(t, 'Zorgcentrum De Berk');
    const linde = await entityIdOf(t, 'Apotheek De Linde');
    const anker = await entityIdOf(t, 'Zorgcentrum Het Anker');
    const client = (await demoPatientOf(t, 'Afdeling Eikenhof')).id;
    const ankerClient = (await demoPatientOf(t, 'Wijk Haven')).id;
    // February and March have partitions; January's rows land in DEFAULT.
    await t.db.execute(
      sql`select audit_log_ensure_partition('2026-02-01'), audit_log_ensure_partition('2026-03-01')`,
    );
    // Groups of 7 entries at one instant, 1 µs apart, inserted out of order, around 1 March 00:00 UTC.
    const at = (g: SQL) =>
      sql`timestamptz '2026-02-28 23:59:59.9995+00' + ((${g} * 37 % ${OWN}) / 7) * interval '1 microsecond'`;
    await t.db.execute(sql`
      insert into audit_log (event_at, action, outcome, user_id, username, role, entity_id, ip, object_type,
                             object_id, patient_id, detail)
      select ${at(sql`g`)}, 'R', 'success', 4242, case when g % 11 = 0 then '=vulling' else 'vulling' end,
             'Beheerder', ${berk}, '10.0.0.1', 'person', case when g % 13 = 0 then 'a,b' else g::text end,
             case when g % 3 = 0 then ${client}::integer end,
             case when g % 5 = 0 then jsonb_build_object('Tekst', 'a,b; "c"' || chr(10) || 'Zoë', 'N', g) end
      from generate_series(1, ${OWN}) g`);
    // January (DEFAULT partition).
    await t.db.execute(sql`
      insert into audit_log (event_at, action, outcome, username, entity_id, object_type)
      select timestamptz '2026-01-15 12:00:00+00' + g * interval '1 second', 'C', 'success', 'vulling', ${berk},
             'person'
      from generate_series(1, 100) g`);
    // The pharmacy's reads of a De Berk client at the same instants, and its list views naming it.
    await t.db.execute(sql`
      insert into audit_log (event_at, action, outcome, user_id, username, role, entity_id, ip, object_type,
                             patient_id, related_patient_ids, detail)
      select ${at(sql`(g * 7)`)}, 'R', 'success', 99, 'apotheker-geheim', 'Apotheker', ${linde}, '10.9.9.9',
             case when g <= 300 then 'patient' else 'patient_search' end,
             case when g <= 300 then ${client}::integer end,
             case when g > 300 then array[${client}::integer, ${ankerClient}::integer] end,
             '{"Geheim": "x"}'::jsonb
      from generate_series(1, 350) g`);
    // Another care centre's reads of its own client: in neither De Berk's screen nor its export.
    await t.db.execute(sql`
      insert into audit_log (event_at, action, outcome, username, entity_id, object_type, patient_id)
      select ${at(sql`g`)}, 'R', 'success', 'anker-geheim', ${anker}, 'patient', ${ankerClient}::integer
      from generate_series(1, 40) g`);
  });
  afterAll(() => t.close());

  /** Every row of the screen for the period, page after page. */
  async function screen(): Promise<LogRow[]> {
    const rows: LogRow[] = [];
    let cursor: string | null = null;
    do {
      const res = await admin.get(`/api/log?${PERIOD}&limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<LogPage>();
      rows.push(...page.Rows);
      cursor = page.NextCursor;
    } while (cursor);
    return rows;
  }

  it('writes every entry once, in order, exactly as the screen shows it', async () => {
    const shown = await screen();
    const res = await admin.get(`/api/log/export?${PERIOD}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`\uFEFF${csvHeader()}${shown.map(csvLine).join('')}`);

    // And the screen itself is right: De Berk's own entries and the pharmacy's on its client, newest first.
    const expected = rowsOf<{ event_id: string }>(
      await t.db.execute(sql`select event_id from audit_log
        where event_at >= '2025-12-31T23:00:00Z' and event_at < '2026-03-31T22:00:00Z'
          and (entity_id = ${berk} or username = 'apotheker-geheim')
        order by event_at desc, id desc`),
    ).map((r) => r.event_id);
    expect(expected).toHaveLength(OWN + 100 + 350);
    expect(shown.map((r) => r.EventId)).toEqual(expected);
  });

  it("keeps the pharmacy's user, address and details, and the other care centre, out of the file", async () => {
    const { body } = await admin.get(`/api/log/export?${PERIOD}`);
    expect(body).toContain('Apotheek De Linde');
    expect(body).not.toMatch(/apotheker-geheim|10\.9\.9\.9|Geheim|anker-geheim/);
  });
});
