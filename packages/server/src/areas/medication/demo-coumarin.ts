import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import * as t from './tables.ts';
import { COUMARIN_REGIMENS } from './demo-regimens.ts';

/** How many clients of the first care centre a trombosis service serves take a coumarin in the demo. */
export const DEMO_COUMARIN_PATIENTS = 8;
const DAY_MS = 86_400_000;

type Agreement = typeof t.medicationAgreements.$inferInsert;

/**
 * The coumarin agreements of the demo: the first care centre the trombosis service serves has
 * DEMO_COUMARIN_PATIENTS clients on a coumarin, every one of them dosed by the service (its demo gives
 * each a scheme of the same drug), so no scheme is without its agreement. Clients that got acenocoumarol
 * as a risk product keep it; the first others (by id) are added, every third on fenprocoumon. Fixed start
 * dates (before the six months of schemes), no random numbers, so the rest of the demo stays the same.
 */
export async function demoCoumarinAgreements(
  tx: Tx,
  patients: readonly { id: number; entityId: number; gpName: string | null }[],
  agreements: readonly Agreement[],
  products: ReadonlyMap<string, { id: number }>,
  now: Date,
): Promise<Agreement[]> {
  const [link] = await tx
    .select({ to: t.networkLinks.toEntityId })
    .from(t.networkLinks)
    .where(eq(t.networkLinks.role, 'anticoagulation'))
    .orderBy(asc(t.networkLinks.id))
    .limit(1);
  if (!link) return [];
  const coumarinIds = new Set(Object.values(COUMARIN_REGIMENS).map((r) => products.get(r.product)?.id));
  const onCoumarin = new Set(
    agreements.filter((a) => coumarinIds.has(a.medicationId)).map((a) => a.patientId),
  );
  const others = patients
    .filter((p) => p.entityId === link.to && !onCoumarin.has(p.id))
    .sort((a, b) => a.id - b.id)
    .slice(0, Math.max(0, DEMO_COUMARIN_PATIENTS - onCoumarin.size));
  return others.map((patient, k) => {
    const regimen = k % 3 === 2 ? COUMARIN_REGIMENS.fenprocoumon : COUMARIN_REGIMENS.acenocoumarol;
    return {
      entityId: patient.entityId,
      patientId: patient.id,
      medicationId: products.get(regimen.product)!.id,
      prescriber: (patient.gpName ?? '').split(' (')[0]!,
      type: regimen.type,
      startAt: new Date(now.getTime() - (200 + k * 7) * DAY_MS),
      reason: regimen.reason,
      instructions: regimen.instructions,
      distributionForm: regimen.form,
    };
  });
}
