import { type Consent, type InformedConsentBody, MAX_SIGNATURE_BASE64 } from '@zorgportaal/contract';
import type * as t from './tables.ts';
import { unprocessable } from '../../platform/errors.ts';
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

export type ConsentRow = typeof t.consents.$inferSelect;

/** The row to store for a signature (the drawn signature checked first: 422 on anything but a PNG). */
export function consentValues(
  patient: { Id: number; EntityId: number },
  body: InformedConsentBody,
  accountId: number,
): typeof t.consents.$inferInsert {
  return {
    entityId: patient.EntityId,
    patientId: patient.Id,
    kind: body.Kind,
    agreementId: body.Kind === 'authorized' ? body.MedicationAgreementId : null,
    signerName: body.SignerName,
    signerRole: body.SignerRole,
    witnessName: body.WitnessName,
    consentText: body.ConsentText,
    signaturePng: signatureBase64(body.Signature),
    recordedBy: accountId,
  };
}

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

/**
 * What a purged signer's signature shows: a transparent 1×1 PNG. The column stays not null and every
 * reader still gets a PNG (the contract's Signature is a PNG data URL), while the drawn signature is gone.
 */
export const ERASED_SIGNATURE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=';
export const ERASED_SIGNER = PURGED_NAME;
