import type { DeviationReason } from '@zorgportaal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { plannedMoments } from '../medication/public.ts';
import { needsDoubleCheck } from './rules.ts';
import { addDays, localDate, localInstant } from '../../platform/time.ts';
import type { Tx } from '../../platform/db/client.ts';
import * as t from './tables.ts';

type Insert = typeof t.administrations.$inferInsert;
type Status = Insert['status'];
const MIN = 60_000;
const DAYS_BACK = 14;
const BATCH = 1000;

interface Input {
  patients: (typeof t.patients.$inferSelect)[];
  agreements: (typeof t.medicationAgreements.$inferSelect)[];
  products: Map<string, typeof t.medications.$inferSelect>;
  now: Date;
  random: () => number;
}

/** Mostly given, with the deviations a ward really sees: refusals, absence, a spat-out dose, gaps. */
function outcome(r: number): { status: Status; reason: DeviationReason | null } | null {
  if (r < 0.03) return null;
  if (r < 0.87) return { status: 'given', reason: null };
  if (r < 0.91) return { status: 'refused', reason: 'refused' };
  if (r < 0.93) return { status: 'not_given', reason: 'patient_absent' };
  if (r < 0.95) return { status: 'not_given', reason: 'forgotten' };
  if (r < 0.97) return { status: 'partial', reason: 'spat_out' };
  if (r < 0.98) return { status: 'failed', reason: 'not_possible_as_prescribed' };
  return { status: 'given', reason: null };
}

/**
 * Today's and the past two weeks' registrations of the demo patients. Today only moments well
 * before `now` are registered, so open and late doses show; risk products are double-checked by a
 * second nurse except those of the last twelve hours, which wait for one.
 */
export async function seedDemoAdministrations(tx: Tx, input: Input): Promise<void> {
  const { patients, agreements, now, random } = input;
  const accounts = await tx
    .select({ id: t.accounts.id, username: t.accounts.username, entityId: t.accounts.entityId })
    .from(t.accounts)
    .where(inArray(t.accounts.username, ['verpleegkundige', 'tweestaps', 'nieuw', 'anker']));
  const nurses = (entityId: number) => accounts.filter((a) => a.entityId === entityId);
  const riskById = new Map([...input.products.values()].map((m) => [m.id, m.riskCategories]));
  const today = localDate(now);
  const rows: Insert[] = [];

  for (const patient of patients) {
    const own = agreements.filter((a) => a.patientId === patient.id);
    const staff = nurses(patient.entityId);
    for (let back = DAYS_BACK; back >= 0; back--) {
      const date = addDays(today, -back);
      for (const slot of plannedMoments(own, date)) {
        const agreement = own.find((a) => a.id === slot.agreementId)!;
        const risks = (riskById.get(agreement.medicationId) ?? []) as Parameters<typeof needsDoubleCheck>[0];
        const base = { entityId: patient.entityId, patientId: patient.id, agreementId: agreement.id };
        const common = { ...base, departmentId: patient.departmentId, medicationId: agreement.medicationId };
        const recorder = staff[Math.floor(random() * staff.length)]!;
        if (!slot.scheduledAt) {
          // As-needed: on about a third of the days, once, in the afternoon.
          if (random() > 0.33) continue;
          const at = localInstant(date, `${13 + Math.floor(random() * 5)}:${random() < 0.5 ? '00' : '30'}`);
          if (at > now) continue;
          rows.push({
            ...common,
            administeredAt: at,
            administeredQty: slot.dose,
            momentAt: at,
            status: 'given',
            recordedBy: recorder.id,
            recordedAt: at,
          });
          continue;
        }
        const due = slot.scheduledAt.getTime();
        if (due > now.getTime() - (back === 0 ? 45 * MIN + random() * 90 * MIN : 0)) continue;
        const result = outcome(random());
        if (!result) continue;
        const late = random() < 0.05;
        const offset = late ? 65 + random() * 60 : -15 + random() * 55;
        const administeredAt =
          result.status === 'given' || result.status === 'partial' ? new Date(due + offset * MIN) : null;
        const recordedAt = new Date(Math.min(now.getTime(), (administeredAt?.getTime() ?? due) + 3 * MIN));
        const check = needsDoubleCheck(risks, result.status);
        const checker = staff.find((s) => s.id !== recorder.id);
        // The last half day's risk doses still wait for their second nurse.
        const checked = check && checker && due < now.getTime() - 12 * 3_600_000;
        rows.push({
          ...common,
          scheduledAt: slot.scheduledAt,
          scheduledQty: slot.dose,
          administeredAt,
          administeredQty:
            result.status === 'partial' ? (slot.dose ?? 1) / 2 : administeredAt ? slot.dose : null,
          momentAt: slot.scheduledAt,
          status: result.status,
          deviationReason: result.reason,
          doubleCheckRequired: check,
          doubleCheckBy: checked ? checker.id : null,
          doubleCheckAt: checked ? new Date(recordedAt.getTime() + 2 * MIN) : null,
          recordedBy: recorder.id,
          recordedAt,
          // 65+ minutes late is outside the default time window: registered with "later gegeven".
          timingReason: administeredAt && late ? 'given_late' : null,
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += BATCH)
    await tx.insert(t.administrations).values(rows.slice(i, i + BATCH));
  await seedDemoCorrection(tx, rows, now);
}

/** One registration corrected the day before yesterday, so the correction chain shows in the data. */
async function seedDemoCorrection(tx: Tx, rows: Insert[], now: Date): Promise<void> {
  const target = rows.find(
    (r) =>
      r.status === 'given' &&
      !r.doubleCheckRequired &&
      r.scheduledAt &&
      r.scheduledAt < new Date(now.getTime() - 2 * 86_400_000),
  );
  if (!target) return;
  const [original] = await tx
    .select()
    .from(t.administrations)
    .where(
      and(
        eq(t.administrations.agreementId, target.agreementId),
        eq(t.administrations.scheduledAt, target.scheduledAt!),
      ),
    )
    .limit(1);
  if (!original) return;
  await tx.insert(t.administrations).values({
    ...original,
    id: undefined,
    status: 'not_given',
    administeredAt: null,
    administeredQty: null,
    deviationReason: 'wrong_registration',
    deviationText: 'Bij de verkeerde cliënt afgetekend.',
    recordedAt: new Date(original.recordedAt.getTime() + 30 * MIN),
    correctsId: original.id,
  });
}
