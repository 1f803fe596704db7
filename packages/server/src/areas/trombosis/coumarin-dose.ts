import { COUMARINS, type Coumarin } from '@zorgportaal/contract';
import type { Db } from '../../platform/db/client.ts';
import { isoWeekday } from '../../platform/time.ts';
import { schemesInForce } from './queries.ts';

/**
 * The day's coumarin dose from the dosage scheme in force, for the Toedienlijst: a coumarin agreement's
 * planned moment takes the scheme's tablets for that weekday instead of the agreement's fixed dose, as
 * long as the scheme's drug is the agreement's product. Without a scheme the agreement's dose stays.
 */
export type CoumarinDoses = ReadonlyMap<number, { drug: Coumarin; tablets: number }>;

export async function coumarinDosesOn(db: Db, patientIds: number[], date: string): Promise<CoumarinDoses> {
  return coumarinDosesOf(await schemesInForce(db, patientIds, date), date);
}

/** The doses of `date` from the schemes in force that day (one per patient, read by the caller). */
export function coumarinDosesOf(
  schemes: readonly { patientId: number; drug: Coumarin; halvesPerDay: readonly number[] }[],
  date: string,
): CoumarinDoses {
  const weekday = isoWeekday(date) - 1;
  return new Map(
    schemes.map((s) => [s.patientId, { drug: s.drug, tablets: (s.halvesPerDay[weekday] ?? 0) / 2 }]),
  );
}

/** The scheme's tablets for this patient and product on that day, or the planned dose unchanged. */
export function coumarinDose(
  doses: CoumarinDoses,
  patientId: number,
  productName: string,
  planned: number | null,
): number | null {
  const dose = doses.get(patientId);
  return dose && COUMARINS[dose.drug].Product === productName ? dose.tablets : planned;
}
