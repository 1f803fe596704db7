import {
  COUMARINS,
  type Coumarin,
  interpretInr,
  TARGET_GROUP_RANGES,
  type TargetGroup,
} from '@zorgportaal/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { addDays, localDate, localInstant } from '../../platform/time.ts';
import type { Tx } from '../../platform/db/client.ts';
import * as t from './tables.ts';
import { seededRandom } from '../medication/demo-regimens.ts';
import { dosageSchemes, inrTargetRanges, inrValues } from './schema.ts';

/** How many patients of the first served care centre the demo trombosis service doses. */
const DEMO_PATIENTS = 8;
const HISTORY_DAYS = 182;

/** A weekly pattern around `base` tablets a day, halves alternating (Monday first). */
function pattern(drug: Coumarin, base: number): number[] {
  const step = COUMARINS[drug].Step;
  return [0, 1, 2, 3, 4, 5, 6].map((d) => Math.max(step, base - (d % 2 === 1 ? step : 0)));
}

/**
 * The trombosis part of the demo world: ~8 patients of the first care centre the trombosis service
 * serves (those with a coumarin agreement first, each dosed with the drug of that agreement), each with six months of INR values, a target range,
 * and a new dosage scheme after every check. One patient had a critical value this week, one check is
 * overdue, one is due today; the other checks lie ahead. Deterministic apart from today's date.
 */
export async function seedDemoTrombosis(tx: Tx, now = new Date()): Promise<void> {
  const [link] = await tx
    .select({ to: t.networkLinks.toEntityId, from: t.networkLinks.fromEntityId })
    .from(t.networkLinks)
    .where(eq(t.networkLinks.role, 'anticoagulation'))
    .orderBy(asc(t.networkLinks.id))
    .limit(1);
  if (!link) return;
  const [account] = await tx
    .select({ id: t.accounts.id })
    .from(t.accounts)
    .where(eq(t.accounts.entityId, link.from))
    .orderBy(asc(t.accounts.id))
    .limit(1);
  // Each patient's coumarin is the drug of their agreement (the medication demo gives the first care
  // centre's coumarin clients one), so every scheme belongs to an active agreement of the same drug.
  const coumarinRows = await tx
    .select({ patientId: t.medicationAgreements.patientId, product: t.medications.name })
    .from(t.medicationAgreements)
    .innerJoin(t.medications, eq(t.medications.id, t.medicationAgreements.medicationId))
    .where(
      and(
        inArray(t.medications.name, [COUMARINS.acenocoumarol.Product, COUMARINS.fenprocoumon.Product]),
        isNull(t.medicationAgreements.endAt),
      ),
    )
    .orderBy(asc(t.medicationAgreements.id));
  const onCoumarin = new Map<number, Coumarin>(
    coumarinRows.map((r) => [
      r.patientId,
      r.product === COUMARINS.fenprocoumon.Product ? 'fenprocoumon' : 'acenocoumarol',
    ]),
  );
  const all = await tx
    .select({ id: t.patients.id })
    .from(t.patients)
    .where(eq(t.patients.entityId, link.to))
    .orderBy(asc(t.patients.id));
  const chosen = [
    ...all.filter((p) => onCoumarin.has(p.id)),
    ...all.filter((p) => !onCoumarin.has(p.id)),
  ].slice(0, DEMO_PATIENTS);

  const random = seededRandom(20_261_010);
  const today = localDate(now);
  const start = addDays(today, -HISTORY_DAYS);
  const accountId = account?.id ?? null;

  for (const [i, patient] of chosen.entries()) {
    const drug: Coumarin = onCoumarin.get(patient.id) ?? (i % 3 !== 2 ? 'acenocoumarol' : 'fenprocoumon');
    const group: TargetGroup = i === 3 || i === 6 ? 'group2' : 'group1';
    const range = TARGET_GROUP_RANGES[group as 'group1' | 'group2'];
    const mid = (range.Low + range.High) / 2;
    await tx.insert(inrTargetRanges).values({
      patientId: patient.id,
      targetGroup: group,
      lowTenths: Math.round(range.Low * 10),
      highTenths: Math.round(range.High * 10),
      validFrom: localInstant(start, '08:00'),
      createdByAccountId: accountId,
    });

    // The check days: every 2–5 weeks, sooner after an out-of-range value; the story of the last weeks
    // is fixed per role: 0 critical this week, 1 overdue, 2 due today.
    const lastCheck =
      i === 0
        ? addDays(today, -4)
        : i === 1
          ? addDays(today, -24)
          : i === 2
            ? addDays(today, -21)
            : addDays(today, -Math.floor(3 + random() * 14));
    const days: string[] = [lastCheck];
    for (let d = lastCheck; ;) {
      d = addDays(d, -Math.floor(14 + random() * 21));
      if (d < start) break;
      days.unshift(d);
    }
    if (i === 0) days.push(addDays(today, -1));

    let base = drug === 'acenocoumarol' ? 2 + (i % 2) * 0.5 : 1;
    const values: (typeof inrValues.$inferInsert)[] = [];
    const schemes: (typeof dosageSchemes.$inferInsert)[] = [];
    for (const [k, day] of days.entries()) {
      let value = Math.round((mid + (random() - 0.5) * 1.6) * 10) / 10;
      if (i === 0 && day === addDays(today, -4)) value = 6.4;
      if (i === 0 && day === addDays(today, -1)) value = 3.6;
      const interpretation = interpretInr(value, range);
      const measuredAt = localInstant(day, '09:10');
      values.push({
        patientId: patient.id,
        valueTenths: Math.round(value * 10),
        measuredAt,
        method: k % 3 === 0 ? 'venous' : 'fingerprick',
        note: interpretation === 'critical' ? 'Bloeding tandvlees gemeld; arts geïnformeerd.' : null,
        lowTenths: Math.round(range.Low * 10),
        highTenths: Math.round(range.High * 10),
        interpretation,
        createdByAccountId: accountId,
        createdAt: localInstant(day, '10:00'),
      });
      const step = COUMARINS[drug].Step;
      if (interpretation === 'below') base += step;
      if (interpretation === 'above' || interpretation === 'critical') base = Math.max(step * 2, base - step);
      const interval = interpretation === 'critical' ? 3 : interpretation === 'in' ? 28 : 14;
      const nextCheck =
        k === days.length - 1 && (i === 1 || i === 2) ? addDays(day, 21) : addDays(day, interval);
      schemes.push({
        patientId: patient.id,
        drug,
        validFrom: day,
        halvesPerDay: pattern(drug, base).map((n) => Math.round(n * 2)),
        nextCheck: k === days.length - 1 && nextCheck <= today && i > 2 ? addDays(today, 7) : nextCheck,
        note: interpretation === 'critical' ? 'Twee dagen geen tabletten, daarna lager schema.' : null,
        lowTenths: Math.round(range.Low * 10),
        highTenths: Math.round(range.High * 10),
        createdByAccountId: accountId,
        createdAt: localInstant(day, '11:00'),
      });
    }
    await tx.insert(inrValues).values(values);
    await tx.insert(dosageSchemes).values(schemes);
  }
}
