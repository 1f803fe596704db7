import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rowsOf } from '../../../platform/db/client.ts';
import { migrationsFolder } from '../../../platform/db/migrations.ts';
import { ensureAllMonthPartitions, monthPartitionedTables } from '../../../platform/month-partitions.ts';
import { emptyDatabase, type TestDatabase } from '../../../../test/helpers/test-database.ts';

/** A copy of the migrations folder that ends just before `tag` (the database as the release before had it). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'zp-migrations-'));
  cpSync(migrationsFolder(), dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === tag),
  );
  writeFileSync(file, JSON.stringify(journal));
  return dir;
}

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

/** The error PostgreSQL gives for a statement (its message and constraint), or null when it succeeds. */
async function refusal(db: Db, query: ReturnType<typeof sql>) {
  try {
    await db.execute(query);
    return null;
  } catch (err) {
    const cause = (err as { cause?: { message?: string; constraint?: string } }).cause ?? {};
    return { message: String(cause.message), constraint: cause.constraint };
  }
}

/** One registration of agreement 1 (patient 1) at `moment`; `scheduled` for a planned moment. */
const registration = (
  id: number,
  moment: string,
  opts: { scheduled?: boolean; corrects?: number } = {},
) => sql`
  insert into administrations (id, entity_id, patient_id, agreement_id, department_id, medication_id, scheduled_at,
    moment_at, administered_at, status, recorded_by, corrects_id)
  overriding system value
  values (${id}, 1, 1, 1, 1, 1, ${opts.scheduled ? moment : null}::timestamptz, ${moment}::timestamptz,
    ${moment}::timestamptz, 'given', 1, ${opts.corrects ?? null})`;

describe('administrations partitioned by month (migration administrations_partitioned)', () => {
  let test: TestDatabase;
  let db: Db;
  let before: Record<string, unknown>[];
  let daysBefore: Record<string, unknown>[];
  const partitionOf = async (id: number) =>
    (
      await rows<{ part: string }>(
        db,
        sql`select tableoid::regclass::text as part from administrations where id = ${id}`,
      )
    )[0]?.part;

  beforeAll(async () => {
    test = await emptyDatabase();
    db = test.database.db;
    const older = migrationsBefore('0032_administrations_partitioned');
    try {
      await test.database.migrate(older);
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
    // The smallest world a registration needs, then registrations over three months: a planned dose in
    // October, one in November corrected the same moment, and an as-needed dose on the last evening of
    // November corrected after midnight UTC (the correction in December).
    await db.execute(sql`insert into entities (id, type, name) values (1, 'zorgcentrum', 'Huize')`);
    await db.execute(sql`insert into locations (id, entity_id, name) values (1, 1, 'Hoofdgebouw')`);
    await db.execute(sql`insert into departments (id, entity_id, location_id, name) values (1, 1, 1, 'Afd')`);
    await db.execute(
      sql`insert into persons (id, entity_id, first_names, last_name) values (1, 1, 'A', 'B')`,
    );
    await db.execute(sql`insert into patients (id, entity_id, person_id, department_id) values (1, 1, 1, 1)`);
    await db.execute(sql`insert into medications (id, name, substance, atc, form, route, divisible, strength_value,
      strength_unit, gds_suitable) values (1, 'Paracetamol 500mg', 'paracetamol', 'N02BE01', 'tablet', 'oraal',
      'nee', 500, 'mg', true)`);
    await db.execute(sql`insert into medication_agreements (id, entity_id, patient_id, medication_id, prescriber,
      start_at, instructions, type, distribution_form) values (1, 1, 1, 1, 'Dr. C', '2026-01-01', '[]',
      'continuous', 'roll')`);
    await db.execute(registration(1, '2026-10-15T08:00:00Z', { scheduled: true }));
    await db.execute(registration(2, '2026-11-03T08:00:00Z', { scheduled: true }));
    await db.execute(registration(3, '2026-11-03T08:00:00Z', { scheduled: true, corrects: 2 }));
    await db.execute(registration(4, '2026-11-30T23:30:00Z'));
    await db.execute(registration(5, '2026-12-01T00:10:00Z', { corrects: 4 }));
    before = await rows(db, sql`select * from administrations order by id`);
    daysBefore = await rows(db, sql`select * from administration_days order by 1, 2, 3, 4, 5, 6`);
    await test.database.migrate(migrationsFolder());
  }, 120_000);
  afterAll(() => test.close());

  it('moves every registration into its month, ids and roll-up unchanged, corrections claimed', async () => {
    const after = await rows<Record<string, unknown>>(db, sql`select * from administrations order by id`);
    expect(after.map(({ corrects_moment_at: _, ...row }) => row)).toEqual(before);
    expect(after.map((r) => r.corrects_moment_at && new Date(r.corrects_moment_at as string))).toEqual([
      null,
      null,
      new Date('2026-11-03T08:00:00Z'),
      null,
      new Date('2026-11-30T23:30:00Z'),
    ]);
    expect(await Promise.all([1, 2, 4, 5].map(partitionOf))).toEqual([
      'administrations_2026_10',
      'administrations_2026_11',
      'administrations_2026_11',
      'administrations_2026_12',
    ]);
    expect(await rows(db, sql`select * from administration_days order by 1, 2, 3, 4, 5, 6`)).toEqual(
      daysBefore,
    );
    const claims = await rows<{ pair: string }>(
      db,
      sql`select corrects_id || '>' || correction_id as pair from administration_corrections order by 1`,
    );
    expect(claims.map((c) => c.pair)).toEqual(['2>3', '4>5']);
    // The identity continues after the moved rows.
    const [fresh] = await rows<{ id: string | number }>(
      db,
      sql`insert into administrations (entity_id, patient_id, agreement_id, department_id, medication_id,
        moment_at, status, recorded_by) values (1, 1, 1, 1, 1, now(), 'given', 1) returning id`,
    );
    expect(Number(fresh!.id)).toBe(6);
  });

  it('keeps both registration rules across partitions and refuses a correction of nothing', async () => {
    // A second original of a planned moment: the partition's moment index, named for the API's conflict.
    expect(await refusal(db, registration(10, '2026-11-03T08:00:00Z', { scheduled: true }))).toMatchObject({
      constraint: 'administrations_2026_11_moment_idx',
    });
    // A second correction of a registration, in another month than the first correction.
    expect(await refusal(db, registration(11, '2026-12-02T09:00:00Z', { corrects: 4 }))).toMatchObject({
      constraint: 'administration_corrections_pkey',
    });
    expect(await refusal(db, registration(12, '2026-12-02T09:00:00Z', { corrects: 999 }))).toMatchObject({
      constraint: 'administrations_corrects_fk',
    });
    // A correction of the latest correction is fine, also a month later, and counts in the roll-up instead.
    expect(await refusal(db, registration(13, '2027-01-05T09:00:00Z', { corrects: 5 }))).toBeNull();
    expect(await partitionOf(13)).toBe('administrations_2027_01');
  });

  it('creates the months ahead for every month-partitioned table, idempotently', async () => {
    expect(await monthPartitionedTables(db)).toEqual(['administrations', 'audit_log']);
    await ensureAllMonthPartitions(db);
    expect(await ensureAllMonthPartitions(db)).toEqual([]);
    const months = await rows<{ m: string }>(
      db,
      sql`select 'administrations_' || to_char(date_trunc('month', now() at time zone 'UTC')
            + make_interval(months => i), 'YYYY_MM') as m from generate_series(0, 3) as i`,
    );
    const parts = await rows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
           where i.inhparent = 'administrations'::regclass`,
    );
    expect(parts.map((p) => p.name)).toEqual(expect.arrayContaining(months.map((m) => m.m)));
  });
});
