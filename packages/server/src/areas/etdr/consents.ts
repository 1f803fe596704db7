import { type Consent, type InformedConsentBody, MAX_SIGNATURE_BASE64 } from '@zorgportaal/contract';
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import * as t from './tables.ts';
import { unprocessable } from '../../platform/errors.ts';
import { registerPurge } from '../../platform/purge.ts';
import { PURGED_NAME } from '../persons/public.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL = 'data:image/png;base64,';

/** The bare base64 of a drawn signature, after checking that it really is a PNG (by content, not by label). */
export function signatureBase64(value: string): string {
  const base64 = value.startsWith(DATA_URL) ? value.slice(DATA_URL.length) : value;
  const bytes = Buffer.from(base64, 'base64');
  if (base64.length > MAX_SIGNATURE_BASE64) throw unprocessable('De handtekening is te groot.', 'Signature');
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_MAGIC))
    throw unprocessable('De handtekening moet een PNG-afbeelding zijn.', 'Signature');
  return base64;
}

type ConsentRow = typeof t.consents.$inferSelect;

export function toConsent(row: ConsentRow, recordedBy: string | null): Consent {
  return {
    Id: row.id,
    PatientId: row.patientId,
    EntityId: row.entityId,
    Kind: row.kind,
    MedicationAgreementId: row.agreementId,
    SignerName: row.signerName,
    SignerRole: row.signerRole,
    WitnessName: row.witnessName,
    SignedAt: row.signedAt.toISOString(),
    ConsentText: row.consentText,
    Signature: `${DATA_URL}${row.signaturePng}`,
    RecordedBy: recordedBy,
  };
}

/** Stores a signature; a client's consent also sets the patient's ConsentStatus to 'given'. */
export async function storeConsent(
  db: Db,
  patient: { Id: number; EntityId: number },
  body: InformedConsentBody,
  accountId: number,
): Promise<ConsentRow> {
  const signaturePng = signatureBase64(body.Signature);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t.consents)
      .values({
        entityId: patient.EntityId,
        patientId: patient.Id,
        kind: body.Kind,
        agreementId: body.Kind === 'authorized' ? body.MedicationAgreementId : null,
        signerName: body.SignerName,
        signerRole: body.SignerRole,
        witnessName: body.WitnessName,
        consentText: body.ConsentText,
        signaturePng,
        recordedBy: accountId,
      })
      .returning();
    if (body.Kind === 'consent')
      await tx.update(t.patients).set({ consentStatus: 'given' }).where(eq(t.patients.id, patient.Id));
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
 * What a purged signer's signature shows: a transparent 1×1 PNG. The column stays not null and every
 * reader still gets a PNG (the contract's Signature is a PNG data URL), while the drawn signature is gone.
 */
export const ERASED_SIGNATURE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=';
const ERASED_SIGNER = PURGED_NAME;

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
