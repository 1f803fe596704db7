import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LogPage } from '@zorgportaal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  archiveAuditMonths,
  auditPartitions,
  AUDIT_PARTITION_MONTHS_AHEAD,
  ensureAuditPartitions,
} from '../audit-partitions.ts';
import { rowsOf } from '../db/client.ts';
import { type Api, apiAs } from '../../../test/helpers/api.ts';
import { entityIdOf } from '../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/** The UTC month `offset` months from the database's now, as `YYYY_MM`. */
const monthAt = async (t: TestApp, offset: number) =>
  rowsOf<{ m: string }>(
    await t.db.execute(
      sql`select to_char(date_trunc('month', now() at time zone 'UTC') + make_interval(months => ${offset}::int), 'YYYY_MM') as m`,
    ),
  )[0]!.m;

const partitionOf = async (t: TestApp, id: number) =>
  rowsOf<{ part: string }>(
    await t.db.execute(sql`select tableoid::regclass::text as part from audit_log where id = ${id}`),
  )[0]?.part;

const insertAt = async (
  t: TestApp,
  at: string,
  userId: number | null = null,
  entityId: number | null = null,
) =>
  Number(
    rowsOf<{ id: string | number }>(
      await t.db
        .execute(sql`insert into audit_log (event_at, action, outcome, object_type, user_id, entity_id)
        values (${at}::timestamptz, 'R', 'success', 'person', ${userId}, ${entityId}) returning id`),
    )[0]!.id,
  );

describe('audit_log partitioned by month (NEN 7513 at scale)', () => {
  let t: TestApp;
  let admin: Api;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await apiAs(t.app, 'beheerder');
  });
  afterAll(() => t.close());

  const failure = async (statement: ReturnType<typeof sql>) => {
    try {
      await t.db.execute(statement);
    } catch (err) {
      return String((err as { cause?: { message?: string } }).cause?.message ?? err);
    }
    return 'no error';
  };

  it('has the partitions of this month and the coming ones after the start, and a DEFAULT one', async () => {
    const names = (await auditPartitions(t.db)).map((p) => p.name);
    for (let i = 0; i <= AUDIT_PARTITION_MONTHS_AHEAD; i++)
      expect(names).toContain(`audit_log_${await monthAt(t, i)}`);
    expect(names.at(-1)).toBe('audit_log_default');
  });

  it('puts a row in the partition of its month, and one outside every month in DEFAULT', async () => {
    const now = Number(
      rowsOf<{ id: string }>(
        await t.db.execute(
          sql`insert into audit_log (action, outcome, object_type) values ('R', 'success', 'person') returning id`,
        ),
      )[0]!.id,
    );
    expect(await partitionOf(t, now)).toBe(`audit_log_${await monthAt(t, 0)}`);
    const far = await insertAt(t, '2099-06-15T12:00:00Z');
    expect(await partitionOf(t, far)).toBe('audit_log_default');
  });

  it('creates further months idempotently, also from two callers at once, with rows moved out of DEFAULT', async () => {
    const month10 = await monthAt(t, 10);
    const [y, m] = month10.split('_');
    const early = await insertAt(t, `${y}-${m}-02T08:00:00Z`);
    expect(await partitionOf(t, early)).toBe('audit_log_default');

    const [a, b] = await Promise.all([ensureAuditPartitions(t.db, 10), ensureAuditPartitions(t.db, 10)]);
    const expected = [];
    for (let i = AUDIT_PARTITION_MONTHS_AHEAD + 1; i <= 10; i++)
      expected.push(`audit_log_${await monthAt(t, i)}`);
    expect([...a, ...b].sort()).toEqual(expected);
    expect(await ensureAuditPartitions(t.db, 10)).toEqual([]);
    // The row that waited in DEFAULT is now in its month's partition, with its id.
    expect(await partitionOf(t, early)).toBe(`audit_log_${month10}`);

    const part = sql.identifier(`audit_log_${month10}`);
    expect(await failure(sql`update audit_log set outcome = 'failure' where id = ${early}`)).toMatch(
      /append-only: UPDATE/,
    );
    expect(await failure(sql`update ${part} set outcome = 'failure'`)).toMatch(/append-only: UPDATE/);
    expect(await failure(sql`delete from ${part}`)).toMatch(/append-only: DELETE/);
    expect(await failure(sql`truncate ${part}`)).toMatch(/append-only: TRUNCATE/);
    expect(await failure(sql`delete from audit_log_default`)).toMatch(/append-only: DELETE/);
    expect(await failure(sql`truncate audit_log_default`)).toMatch(/append-only: TRUNCATE/);
    expect(await failure(sql`delete from audit_log`)).toMatch(/append-only: DELETE/);
    expect(await partitionOf(t, early)).toBe(`audit_log_${month10}`);
  });

  it('pages the Logboek across a month boundary, each row once and newest first', async () => {
    const USER_ID = 987_321;
    const berk = await entityIdOf(t, 'De Berk');
    await t.db.execute(
      sql`select audit_log_ensure_partition('2025-12-01'), audit_log_ensure_partition('2026-01-01')`,
    );
    // Pairs of rows at one instant, a microsecond apart, across midnight UTC of 1 January.
    const ids = rowsOf<{ id: string | number }>(
      await t.db.execute(sql`
        insert into audit_log (event_at, action, outcome, object_type, user_id, entity_id)
        select timestamptz '2025-12-31 23:59:59.999998+00' + (g / 2) * interval '1 microsecond',
               'R', 'success', 'person', ${USER_ID}, ${berk}
        from generate_series(0, 8) g returning id`),
    ).map((r) => Number(r.id));
    const parts = new Set(await Promise.all(ids.map((id) => partitionOf(t, id))));
    expect(parts).toEqual(new Set(['audit_log_2025_12', 'audit_log_2026_01']));
    const expected = rowsOf<{ event_id: string }>(
      await t.db.execute(
        sql`select event_id from audit_log where user_id = ${USER_ID} order by event_at desc, id desc`,
      ),
    ).map((r) => r.event_id);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await admin.get(`/api/log?userId=${USER_ID}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<LogPage>();
      seen.push(...page.Rows.map((r) => r.EventId));
      cursor = page.NextCursor;
    } while (cursor && seen.length < 20);
    expect(seen).toEqual(expected);
  });

  it("merges other organisations' entries on its clients into the own entries' pages, across months", async () => {
    const berk = await entityIdOf(t, 'Zorgcentrum De Berk');
    const linde = await entityIdOf(t, 'Apotheek De Linde');
    const [client] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from patients where entity_id = ${berk} order by id limit 1`),
    );
    await t.db.execute(
      sql`select audit_log_ensure_partition('2025-05-01'), audit_log_ensure_partition('2025-06-01')`,
    );
    // Own entries and the pharmacy's reads of a De Berk client, interleaved over 31 May and 1 June 2025 (UTC).
    await t.db.execute(sql`
      insert into audit_log (event_at, action, outcome, object_type, entity_id, patient_id)
      select timestamptz '2025-05-31 23:00:00+00' + g * interval '7 minutes', 'R', 'success', 'patient',
             case when g % 3 = 0 then ${linde}::int else ${berk}::int end, ${client!.id}::int
      from generate_series(0, 16) g`);
    const expected = rowsOf<{ event_id: string }>(
      await t.db.execute(sql`select event_id from audit_log
        where event_at >= '2025-05-31 22:00:00+00' and event_at < '2025-06-01 02:00:00+00'
        order by event_at desc, id desc`),
    ).map((r) => r.event_id);
    expect(expected).toHaveLength(17);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query = `from=2025-05-31T22:00:00Z&to=2025-06-01T02:00:00Z&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page: LogPage = (await admin.get(`/api/log?${query}`)).json<LogPage>();
      seen.push(...page.Rows.map((r) => r.EventId));
      cursor = page.NextCursor;
    } while (cursor && seen.length < 40);
    expect(seen).toEqual(expected);
  });

  it('archives only months older than the retention and before the given month; none without a retention', async () => {
    await t.db.execute(
      sql`select audit_log_ensure_partition('2019-01-01'), audit_log_ensure_partition('2019-02-01')`,
    );
    const jan = await insertAt(t, '2019-01-10T10:00:00Z');
    await insertAt(t, '2019-02-10T10:00:00Z');
    const outDir = mkdtempSync(path.join(tmpdir(), 'zp-log-archive-'));
    try {
      const now = new Date('2026-11-15T12:00:00Z');
      const opts = { outDir, now, drop: true };
      expect(
        await archiveAuditMonths(t.db, { ...opts, before: '2026-02-01', retentionMonths: undefined }),
      ).toEqual([]);

      const first = await archiveAuditMonths(t.db, { ...opts, before: '2019-02-01', retentionMonths: 60 });
      expect(first.map((a) => [a.table, a.rows])).toEqual([['audit_log_2019_01', 1]]);
      const csv = readFileSync(first[0]!.file, 'utf8').trim().split('\n');
      expect(csv[0]).toMatch(/^id,event_id,event_at,action,/);
      expect(csv[1]).toMatch(new RegExp(`^${jan},`));

      // 60 months back from November 2026 is November 2021: December 2025 and January 2026 stay.
      const second = await archiveAuditMonths(t.db, { ...opts, before: '2026-02-01', retentionMonths: 60 });
      expect(second.map((a) => a.table)).toEqual(['audit_log_2019_02']);
      const names = (await auditPartitions(t.db)).map((p) => p.name);
      expect(names).not.toContain('audit_log_2019_01');
      expect(names).toContain('audit_log_2025_12');
      expect(await partitionOf(t, jan)).toBeUndefined();
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
