import {
  type Agreement,
  administrationListSchema,
  type DayList,
  type DepartmentOption,
} from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as s from '../../../schema.ts';
import { addDays, dayBounds, localDate } from '../../../platform/time.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { apiAs } from '../../../../test/helpers/api.ts';
import { agreementBody } from '../../../../test/helpers/medication.ts';
import { answerList } from '../list-answer.ts';
import { buildDayList } from '../queries/index.ts';
import { buildDayListReference } from './day-list-reference.ts';

/** The first Sunday of a month on or after `from` whose clocks change (last Sunday of March or October). */
function lastSunday(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  last.setUTCDate(last.getUTCDate() - last.getUTCDay());
  return last.toISOString().slice(0, 10);
}

/**
 * The Toedienlijst's builder reads one statement and the stored planned moments (planned_moments); the
 * one before it (day-list-reference.ts) read seven and expanded every agreement per read. Over every
 * department of the demo world and a spread of days (past, today, future, both clock changes), with
 * photos, coumarin schemes, corrections, double checks and interim changes present, both must give the
 * same list: first with nothing stored (the day is expanded and stored on the read), then from the store.
 * And each list as the route writes it is the contract schema's own encoding of it.
 */
describe('the Toedienlijst from stored planned moments equals the old builder', () => {
  let t: TestApp;
  let departments: DepartmentOption[];
  const now = new Date();
  const today = localDate(now);
  const year = Number(today.slice(0, 4)) + 1;
  const days = [
    addDays(today, -2),
    addDays(today, -1),
    today,
    addDays(today, 1),
    addDays(today, 3),
    addDays(today, 5),
    lastSunday(year, 3),
    lastSunday(year, 10),
  ];

  beforeAll(async () => {
    t = await buildTestApp();
    departments = (
      await t.db
        .select({ Id: s.departments.id, Name: s.departments.name, EntityId: s.entities.id })
        .from(s.departments)
        .innerJoin(s.entities, eq(s.entities.id, s.departments.entityId))
        .orderBy(s.departments.id)
    ).map((d) => ({ ...d, EntityName: '' }));
    await addCorrectionAndAsNeededDoses();
  });

  /**
   * A corrected registration checked by a colleague, an as-needed agreement given twice today, and an
   * interim change this morning on a Baxter roll covering today.
   */
  async function addCorrectionAndAsNeededDoses() {
    const [roll] = await t.db
      .select()
      .from(s.baxterRolls)
      .where(sql`${s.baxterRolls.periodStart} <= ${today} and ${s.baxterRolls.periodEnd} >= ${today}`)
      .limit(1);
    const [ofRoll] = await t.db
      .select()
      .from(s.medicationAgreements)
      .where(eq(s.medicationAgreements.patientId, roll!.patientId))
      .limit(1);
    const [original] = await t.db
      .select()
      .from(s.administrations)
      .where(sql`${s.administrations.scheduledAt} is not null and ${s.administrations.correctsId} is null`)
      .orderBy(sql`${s.administrations.momentAt} desc`)
      .limit(1);
    const [checker] = await t.db.select().from(s.accounts).where(eq(s.accounts.username, 'beheerder'));
    const { id: _id, ...copy } = original!;
    await t.db.insert(s.administrations).values({
      ...copy,
      status: 'refused',
      correctsId: original!.id,
      doubleCheckRequired: true,
      doubleCheckBy: checker!.id,
      doubleCheckAt: now,
      recordedAt: now,
    });
    await t.db.insert(s.baxterInterimChanges).values({
      rollId: roll!.id,
      agreementId: ofRoll!.id,
      kind: 'changed',
      at: new Date(now.getTime() - 3 * 60 * 60_000),
      recordedBy: checker!.id,
    });
    const [prn] = await t.db
      .select({ agreement: s.medicationAgreements, departmentId: s.patients.departmentId })
      .from(s.medicationAgreements)
      .innerJoin(s.patients, eq(s.patients.id, s.medicationAgreements.patientId))
      .where(sql`${s.medicationAgreements.type} = 'as_needed' and ${s.medicationAgreements.endAt} is null`)
      .limit(1);
    // Both earlier today, also in the first minutes after midnight (an hour ago would be yesterday then).
    const { start } = dayBounds(today);
    for (const part of [1 / 3, 2 / 3]) {
      const at = new Date(start.getTime() + Math.floor((now.getTime() - start.getTime()) * part));
      await t.db.insert(s.administrations).values({
        entityId: prn!.agreement.entityId,
        patientId: prn!.agreement.patientId,
        agreementId: prn!.agreement.id,
        departmentId: prn!.departmentId,
        medicationId: prn!.agreement.medicationId,
        administeredAt: at,
        administeredQty: 1,
        momentAt: at,
        status: 'given',
        recordedBy: checker!.id,
        recordedAt: at,
      });
    }
  }
  afterAll(() => t.close());

  async function compareAll(): Promise<DayList[]> {
    const lists: DayList[] = [];
    for (const department of departments)
      for (const day of days) {
        const expected = await buildDayListReference(t.db, department, day, now);
        const actual = await buildDayList(t.db, department, day, now);
        expect(JSON.stringify(actual), `${department.Name} on ${day}`).toBe(JSON.stringify(expected));
        // The route writes the list without the schema's encode: it must be that encoding, byte for byte (no
        // key the schema strips, its key order, every value valid).
        const answer = JSON.stringify(answerList(actual, true));
        expect(answer).toBe(JSON.stringify(administrationListSchema.encode(JSON.parse(answer))));
        lists.push(actual);
      }
    return lists;
  }

  it('gives the same lists with the days not yet stored, and then from the store', async () => {
    // The roll-over and agreement writes may have stored some days: start from none.
    await t.db.delete(s.plannedMoments);
    const first = await compareAll();
    // The days near today were stored by the reads; those further off are expanded per read.
    const stored = await t.db
      .select({ day: s.plannedMoments.day, n: sql<number>`count(*)::int` })
      .from(s.plannedMoments)
      .groupBy(s.plannedMoments.day);
    expect(stored.map((r) => r.day).sort()).toEqual(days.slice(0, 6).sort());
    const second = await compareAll();
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));

    // The demo world makes the comparison cover what the list shows, not only empty days.
    const moments = first.flatMap((l) => l.Moments);
    expect(moments.length).toBeGreaterThan(200);
    expect(moments.some((m) => m.PhotoVersion !== null)).toBe(true);
    expect(moments.some((m) => m.AsNeeded)).toBe(true);
    expect(moments.some((m) => m.Registrations.some((r) => r.RecordedBy.ScreenName !== null))).toBe(true);
    expect(moments.some((m) => m.AsNeeded && m.Registrations.length > 1)).toBe(true);
    expect(moments.some((m) => m.Registrations.some((r) => r.CorrectsId && r.DoubleCheckBy))).toBe(true);
    expect(moments.some((m) => m.RiskCategories.includes('coumarine'))).toBe(true);
    expect(moments.some((m) => m.InterimChange)).toBe(true);
  });

  it("stores a new agreement's today and tomorrow in its own transaction, and its successor's on a change", async () => {
    await t.db.delete(s.plannedMoments);
    const [patient] = await t.db
      .select()
      .from(s.patients)
      .where(eq(s.patients.departmentId, departments[0]!.Id))
      .limit(1);
    const [product] = await t.db
      .select()
      .from(s.medications)
      .where(sql`${s.medications.riskCategories} = '{}'`)
      .limit(1);
    const beheerder = await apiAs(t.app, 'beheerder');
    const created = await beheerder.post(
      '/api/medication/agreement',
      agreementBody(patient!.id, product!.id),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json<Agreement>().Id;
    const storedDays = async (agreementId: number) =>
      (
        await t.db
          .select()
          .from(s.plannedMoments)
          .where(eq(s.plannedMoments.agreementId, agreementId))
          .orderBy(s.plannedMoments.day)
      ).map((r) => ({ day: r.day, times: r.slots.map((slot) => slot.time) }));
    expect(await storedDays(id)).toEqual([
      { day: today, times: ['08:00', '20:00'] },
      { day: addDays(today, 1), times: ['08:00', '20:00'] },
    ]);
    const { PatientId: _patient, ...fields } = agreementBody(patient!.id, product!.id);
    const changed = await beheerder.post(`/api/medication/agreement/${id}/change`, {
      ...fields,
      Start: new Date(now.getTime() + 60_000).toISOString(),
      Instructions: { DoseUnit: 'tablet', Moments: [{ Time: '12:00', Dose: 2 }] },
    });
    expect(changed.statusCode, changed.body).toBe(201);
    expect(await storedDays(changed.json<Agreement>().Id)).toEqual([
      { day: today, times: ['12:00'] },
      { day: addDays(today, 1), times: ['12:00'] },
    ]);
    // The day list reads them: nothing left to expand (the old agreement's days are still unstored).
    await compareAll();
  });

  it('stays equal after an agreement is changed in the middle of today outside the agreement writes', async () => {
    const [running] = await t.db
      .select()
      .from(s.medicationAgreements)
      .where(sql`${s.medicationAgreements.endAt} is null and ${s.medicationAgreements.type} = 'continuous'`)
      .orderBy(s.medicationAgreements.id)
      .limit(1);
    // A change made directly (as an import would): not through the agreement writes, so nothing is stored
    // for it, and the read must expand it.
    const at = new Date(now.getTime() - 60 * 60_000);
    await t.db
      .update(s.medicationAgreements)
      .set({ endAt: at })
      .where(eq(s.medicationAgreements.id, running!.id));
    await t.db.insert(s.medicationAgreements).values({
      ...running!,
      id: undefined,
      startAt: at,
      replacesId: running!.id,
      identifierSystem: null,
      identifierValue: null,
      instructions: { ...running!.instructions, Moments: [{ Time: '23:59', Dose: 3 }] },
    });
    await compareAll();
  });
});
