import { BAXTER_ROLL_DAYS } from '@zorgportaal/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { plannedMoments, type PlanningAgreement } from '../../medication/public.ts';
import { addDays, dayBounds } from '../../../platform/time.ts';
import { baxterRolls as r, baxterSachets } from '../schema.ts';

/**
 * Rolls for the week from the patients' gds agreements, for the care centres this pharmacy supplies:
 * one roll per patient with at least one timed gds moment in the week, with a sachet per product per
 * moment. A roll that exists already is left as it is (idempotent).
 */
export async function generateRolls(
  tx: Tx,
  pharmacyId: number,
  careCentreIds: number[],
  weekStart: string,
): Promise<{ Created: number; Existing: number }> {
  if (careCentreIds.length === 0) return { Created: 0, Existing: 0 };
  const week = {
    start: dayBounds(weekStart).start,
    end: dayBounds(addDays(weekStart, BAXTER_ROLL_DAYS)).start,
  };
  const agreements = await tx
    .select({
      agreement: t.medicationAgreements,
      patient: t.patients,
      product: t.medications.name,
    })
    .from(t.medicationAgreements)
    .innerJoin(t.patients, eq(t.patients.id, t.medicationAgreements.patientId))
    .innerJoin(t.medications, eq(t.medications.id, t.medicationAgreements.medicationId))
    .where(
      and(
        inArray(t.patients.entityId, careCentreIds),
        eq(t.medicationAgreements.distributionForm, 'gds'),
        sql`${t.medicationAgreements.stopType} is distinct from 'cancelled'`,
        sql`${t.medicationAgreements.startAt} < ${week.end.toISOString()}`,
        sql`(${t.medicationAgreements.endAt} is null or ${t.medicationAgreements.endAt} > ${week.start.toISOString()})`,
      ),
    )
    .orderBy(asc(t.patients.id), asc(t.medicationAgreements.id));
  const byPatient = new Map<number, typeof agreements>();
  for (const a of agreements) byPatient.set(a.patient.id, [...(byPatient.get(a.patient.id) ?? []), a]);
  let created = 0;
  let existing = 0;
  for (const [patientId, own] of byPatient) {
    const planning: PlanningAgreement[] = own.map(({ agreement }) => agreement);
    const sachets: { at: Date; medicationId: number; product: string; quantity: number }[] = [];
    for (let d = 0; d < BAXTER_ROLL_DAYS; d++) {
      for (const slot of plannedMoments(planning, addDays(weekStart, d))) {
        if (!slot.scheduledAt) continue;
        const a = own.find((x) => x.agreement.id === slot.agreementId)!;
        sachets.push({
          at: slot.scheduledAt,
          medicationId: a.agreement.medicationId,
          product: a.product,
          quantity: slot.dose ?? 1,
        });
      }
    }
    if (sachets.length === 0) continue;
    const patient = own[0]!.patient;
    const [roll] = await tx
      .insert(r)
      .values({
        entityId: patient.entityId,
        pharmacyEntityId: pharmacyId,
        patientId,
        departmentId: patient.departmentId,
        periodStart: weekStart,
        periodEnd: addDays(weekStart, BAXTER_ROLL_DAYS - 1),
      })
      .onConflictDoNothing()
      .returning({ id: r.id });
    if (!roll) {
      existing++;
      continue;
    }
    created++;
    await tx.insert(baxterSachets).values(sachets.map((s) => ({ ...s, rollId: roll.id })));
  }
  return { Created: created, Existing: existing };
}
