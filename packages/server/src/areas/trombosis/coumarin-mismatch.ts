import { COUMARINS, type Coumarin, type CoumarinMismatch } from '@zorgportaal/contract';
import type { Db } from '../../platform/db/client.ts';
import { localDate } from '../../platform/time.ts';
import { activeCoumarinAgreements, schemesInForce } from './queries.ts';

/**
 * Whether a patient's dosage scheme in force and active coumarin agreements agree: the scheme tells the
 * ward how many tablets, the agreement is what puts the dose on the Toedienlijst, so one without the other
 * (or a scheme of another coumarin) means a dose that is not given or not dosed. Null when they agree.
 */
export function coumarinMismatch(schemeDrug: Coumarin | null, agreementDrugs: readonly Coumarin[]) {
  const drugs = [...new Set(agreementDrugs)].sort();
  const mismatch = (Kind: CoumarinMismatch['Kind']): CoumarinMismatch => ({
    Kind,
    SchemeDrug: schemeDrug,
    AgreementDrugs: drugs,
  });
  if (schemeDrug === null) return drugs.length > 0 ? mismatch('agreementWithoutScheme') : null;
  if (drugs.length === 0) return mismatch('schemeWithoutAgreement');
  return drugs.includes(schemeDrug) ? null : mismatch('drugMismatch');
}

const drugOf = (product: string) =>
  (Object.keys(COUMARINS) as Coumarin[]).find((d) => COUMARINS[d].Product === product);

/** The mismatches of some patients at `now` (the scheme in force today, agreements active now). */
export async function coumarinMismatches(
  db: Db,
  patientIds: number[],
  now: Date,
): Promise<Map<number, CoumarinMismatch>> {
  const [schemes, agreements] = await Promise.all([
    schemesInForce(db, patientIds, localDate(now)),
    activeCoumarinAgreements(db, patientIds, now),
  ]);
  const schemeOf = new Map(schemes.map((s) => [s.patientId, s.drug]));
  const agreed = new Map<number, Coumarin[]>();
  for (const a of agreements) {
    const drug = drugOf(a.product);
    if (drug) agreed.set(a.patientId, [...(agreed.get(a.patientId) ?? []), drug]);
  }
  const result = new Map<number, CoumarinMismatch>();
  for (const id of new Set([...schemeOf.keys(), ...agreed.keys()])) {
    const mismatch = coumarinMismatch(schemeOf.get(id) ?? null, agreed.get(id) ?? []);
    if (mismatch) result.set(id, mismatch);
  }
  return result;
}
