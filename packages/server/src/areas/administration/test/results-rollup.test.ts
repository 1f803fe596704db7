import { ADMINISTRATION_STATUSES, RESULT_GROUPINGS, type ResultsQuery } from '@zorgportaal/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recountResults, results } from '../queries/index.ts';
import { addDays, localDate } from '../../../platform/time.ts';
import { rowsOf } from '../../../platform/db/client.ts';
import * as s from '../../../schema.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** Small seeded PRNG (mulberry32): the same "random" data on every run, so a failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type NewAdministration = typeof s.administrations.$inferInsert;

describe('results roll-up (administration_days)', () => {
  let t: TestApp;
  let scope: number[];
  const now = new Date();
  const random = prng(20261123);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

  /** Both the roll-up and a full recount of the rows, for many periods, groupings and filters. */
  async function expectRollUpEqualsRecount() {
    const today = localDate(now);
    const [patient] = await t.db.select().from(s.patients).limit(1);
    const filters: ResultsQuery[] = [
      {},
      { from: addDays(today, -29), to: today },
      { from: addDays(today, -70), to: addDays(today, -3) },
      { from: addDays(today, -365), to: today, status: 'refused' },
      { from: addDays(today, -90), to: today, departmentId: patient!.departmentId },
      { from: addDays(today, -90), to: today, patientId: patient!.id },
    ];
    for (const filter of filters) {
      for (const groupBy of RESULT_GROUPINGS) {
        const query = { ...filter, groupBy };
        const expected = await recountResults(t.db, query, scope, now);
        expect(await results(t.db, query, scope, now), JSON.stringify(query)).toEqual(expected);
      }
    }
    return recountResults(t.db, { from: addDays(today, -90), to: today }, scope, now);
  }

  beforeAll(async () => {
    t = await buildTestApp();
    scope = (await t.db.select({ id: s.entities.id }).from(s.entities)).map((e) => e.id);
    const agreements = await t.db
      .select({
        id: s.medicationAgreements.id,
        entityId: s.medicationAgreements.entityId,
        patientId: s.medicationAgreements.patientId,
        medicationId: s.medicationAgreements.medicationId,
        departmentId: s.patients.departmentId,
      })
      .from(s.medicationAgreements)
      .innerJoin(s.patients, eq(s.patients.id, s.medicationAgreements.patientId))
      // In a fixed order, so the seeded random picks give the same registrations on every database and run.
      .orderBy(s.medicationAgreements.id);
    // Registrations over the last 80 days, many near local midnight (where a UTC day is not a local day).
    const rows: NewAdministration[] = [];
    for (let i = 0; i < 3000; i++) {
      const agreement = pick(agreements);
      const minutes = random() < 0.3 ? Math.floor(random() * 240) - 120 : Math.floor(random() * 1440);
      const day = Math.floor(random() * 80);
      const scheduled = new Date(
        Date.parse(`${addDays(localDate(now), -day)}T00:00:00Z`) + minutes * 60_000 - i,
      );
      const status = pick(ADMINISTRATION_STATUSES);
      const administered =
        random() < 0.8 ? new Date(scheduled.getTime() + (Math.floor(random() * 150) - 30) * 60_000) : null;
      const planned = random() < 0.85;
      rows.push({
        ...agreement,
        agreementId: agreement.id,
        id: undefined,
        scheduledAt: planned ? scheduled : null,
        administeredAt: administered,
        momentAt: planned ? scheduled : (administered ?? scheduled),
        status,
        doubleCheckRequired: random() < 0.3,
        recordedBy: 1,
      });
    }
    for (let i = 0; i < rows.length; i += 500)
      await t.db.insert(s.administrations).values(rows.slice(i, i + 500));
  });
  afterAll(() => t.close());

  it('equals a full recount after bulk registrations', async () => {
    const overview = await expectRollUpEqualsRecount();
    expect(overview.Total).toBeGreaterThan(1000);
    expect(overview.Late.Count).toBeGreaterThan(0);
    expect(overview.AwaitingDoubleCheck).toBeGreaterThan(0);
  });

  it('stays exact through corrections, chains of corrections, double checks and deletes', async () => {
    const existing = await t.db.select().from(s.administrations).orderBy(s.administrations.id);
    const corrected = new Set(existing.map((row) => row.correctsId));
    const all = existing.filter((row) => !corrected.has(row.id)); // the rows that count
    const correct = async (original: typeof s.administrations.$inferSelect) => {
      const { id, ...rest } = original;
      const [row] = await t.db
        .insert(s.administrations)
        .values({ ...rest, correctsId: id, status: pick(ADMINISTRATION_STATUSES), recordedAt: new Date() })
        .returning();
      return row!;
    };
    const corrections = [];
    for (const original of all.slice(0, 300)) {
      const correction = await correct(original);
      corrections.push(random() < 0.3 ? await correct(correction) : correction);
    }
    // Double checks of effective and of corrected rows.
    const checked = all.filter(() => random() < 0.2).map((row) => row.id);
    await t.db
      .update(s.administrations)
      .set({ doubleCheckBy: 2, doubleCheckAt: new Date() })
      .where(inArray(s.administrations.id, checked));
    // Undo some corrections (the corrected row counts again) and delete uncorrected rows.
    await t.db.delete(s.administrations).where(
      inArray(
        s.administrations.id,
        corrections.slice(0, 40).map((c) => c.id),
      ),
    );
    await t.db.delete(s.administrations).where(
      inArray(
        s.administrations.id,
        all.slice(2000, 2100).map((row) => row.id),
      ),
    );
    // A correction arriving in the same statement as the row it corrects: only the correction counts.
    const [source] = all.slice(-1);
    const { id: _id, ...rest } = source!;
    await t.db.insert(s.administrations).values([
      { ...rest, id: 90_000_001, scheduledAt: null, status: 'given' },
      { ...rest, id: 90_000_002, scheduledAt: null, status: 'refused', correctsId: 90_000_001 },
    ]);
    await expectRollUpEqualsRecount();
  });

  it('holds exactly the groups its registrations make: none left at zero by a correction, a change or a delete', async () => {
    // A change of status empties the old group of some rows (the update trigger's path; the test above took the
    // insert's and the delete's).
    const [changed] = await t.db
      .select({ id: s.administrations.id })
      .from(s.administrations)
      .where(sql`${s.administrations.status} <> 'refused'`)
      .orderBy(s.administrations.id)
      .limit(1);
    await t.db
      .update(s.administrations)
      .set({ status: 'refused' })
      .where(eq(s.administrations.id, changed!.id));
    // The roll-up's definition, grouped from the effective registrations; a copy (to-postgres.ts) derives it so.
    const defined = sql`select entity_id, administration_local_day(moment_at) as day, department_id, patient_id,
        medication_id, status, count(*)::int as count,
        sum(administration_is_late(status, scheduled_at, administered_at))::int as late,
        sum(administration_is_awaiting(double_check_required, double_check_by))::int as awaiting
      from administrations a where not exists (select 1 from administrations c where c.corrects_id = a.id)
      group by 1, 2, 3, 4, 5, 6`;
    const kept = sql`select entity_id, day, department_id, patient_id, medication_id, status, count, late, awaiting
      from administration_days`;
    expect(rowsOf(await t.db.execute(sql`(${kept}) except all (${defined})`))).toEqual([]);
    expect(rowsOf(await t.db.execute(sql`(${defined}) except all (${kept})`))).toEqual([]);
  });

  it('refuses to move a correction to another row, which would make the roll-up drift', async () => {
    const [correction] = await t.db
      .select()
      .from(s.administrations)
      .where(sql`${s.administrations.correctsId} is not null`)
      .limit(1);
    await expect(
      t.db
        .update(s.administrations)
        .set({ correctsId: null })
        .where(eq(s.administrations.id, correction!.id)),
    ).rejects.toThrow();
  });
});
