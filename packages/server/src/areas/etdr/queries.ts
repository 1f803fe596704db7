import type { Consent } from '@zorgportaal/contract';
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { registerPurge } from '../../platform/purge.ts';
import { markConsentGiven } from '../medication/public.ts';
import { type ConsentRow, ERASED_SIGNATURE_PNG, ERASED_SIGNER, toConsent } from './consents.ts';
import * as t from './tables.ts';

/** The only code touching the eTDR table. */

/**
 * Stores a signature; a client's consent also sets the patient's ConsentStatus to 'given' (the medication
 * area's column, through its function), both in one transaction.
 */
export async function insertConsent(db: Db, values: typeof t.consents.$inferInsert): Promise<ConsentRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(t.consents).values(values).returning();
    if (values.kind === 'consent') await markConsentGiven(tx, [values.patientId]);
    return row!;
  });
}

/** The latest signature of a kind (for one agreement when given), with who recorded it. */
export async function latestConsent(
  db: Db,
  patientId: number,
  kind: 'consent' | 'authorized',
  agreementId: number | null,
): Promise<Consent | undefined> {
  const byAgreement: SQL =
    agreementId === null ? isNull(t.consents.agreementId) : eq(t.consents.agreementId, agreementId);
  const [row] = await db
    .select({ consent: t.consents, username: t.accounts.username })
    .from(t.consents)
    .leftJoin(t.accounts, eq(t.accounts.id, t.consents.recordedBy))
    .where(and(eq(t.consents.patientId, patientId), eq(t.consents.kind, kind), byAgreement))
    .orderBy(desc(t.consents.signedAt), desc(t.consents.id))
    .limit(1);
  return row && toConsent(row.consent, row.username);
}

/**
 * A signature row stays (the patient's consent status and the agreement's authorisation rest on it, and the
 * audit log refers to it); the signer's name and drawn signature go. For a purged client: their consents
 * (signed by them or their representative, who identifies them as well). For a purged prescriber: the
 * authorisations they signed. The consent text is the organisation's fixed text and names no one; the
 * witness is a care provider of the organisation, not the client, and stays. A prescriber's authorisation
 * of the purged client's agreement is the prescriber's, not the client's, and stays.
 */
registerPurge('etdr', async (tx, { patientIds, accounts }) => {
  const erased = { signerName: ERASED_SIGNER, signaturePng: ERASED_SIGNATURE_PNG };
  if (patientIds.length > 0)
    await tx
      .update(t.consents)
      .set(erased)
      .where(and(inArray(t.consents.patientId, [...patientIds]), eq(t.consents.kind, 'consent')));
  if (accounts.length > 0)
    await tx
      .update(t.consents)
      .set(erased)
      .where(
        and(
          inArray(
            t.consents.recordedBy,
            accounts.map((a) => a.id),
          ),
          eq(t.consents.signerRole, 'prescriber'),
        ),
      );
});
