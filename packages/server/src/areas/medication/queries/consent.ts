import { inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { patients } from '../schema.ts';

/**
 * The clients signed their consent (eTDR stores the signature): their ConsentStatus becomes 'given'.
 * Runs in the caller's transaction when `db` is one, so signature and status are stored together.
 */
export async function markConsentGiven(db: Db, patientIds: readonly number[]): Promise<void> {
  if (patientIds.length === 0) return;
  await db
    .update(patients)
    .set({ consentStatus: 'given' })
    .where(inArray(patients.id, [...patientIds]));
}
