import { z } from 'zod';
import { bodyIdSchema, idSchema as id, multilineText, text } from './fields.ts';

/** eTDR informed consent and authorised-prescriber signatures (spec §7). */

export const CONSENT_KINDS = ['consent', 'authorized'] as const;
export const SIGNER_ROLES = ['client', 'representative', 'prescriber'] as const;
/** A drawn signature is small; this bounds the stored image (base64 of at most ~150 kB). */
export const MAX_SIGNATURE_BASE64 = 200_000;

/** `data:image/png;base64,…` or the bare base64; the server also checks the PNG signature bytes. */
export const pngSignatureSchema = z
  .string({ error: 'Zet een handtekening.' })
  .max(MAX_SIGNATURE_BASE64 + 30, 'De handtekening is te groot.')
  .regex(/^(data:image\/png;base64,)?[A-Za-z0-9+/]+={0,2}$/, 'De handtekening moet een PNG-afbeelding zijn.');

/**
 * POST /api/etdr/informedconsent. Kind 'consent': the client or a representative signs the consent text.
 * Kind 'authorized': the prescriber signs for one agreement (MedicationAgreementId required).
 */
export const informedConsentBodySchema = z
  .strictObject({
    PatientId: bodyIdSchema,
    Kind: z.enum(CONSENT_KINDS).default('consent'),
    MedicationAgreementId: bodyIdSchema.nullable().optional().default(null),
    SignerName: text({ error: 'Vul de naam van de ondertekenaar in.' })
      .trim()
      .min(1, 'Vul de naam van de ondertekenaar in.')
      .max(100),
    SignerRole: z.enum(SIGNER_ROLES, { error: 'Kies wie ondertekent.' }),
    WitnessName: text().trim().max(100).nullable().optional().default(null),
    /** The consent text as shown on screen, kept as a snapshot. */
    ConsentText: multilineText({ error: 'De toestemmingstekst ontbreekt.' }).trim().min(1).max(20_000),
    Signature: pngSignatureSchema,
  })
  .refine((b) => b.Kind !== 'authorized' || b.MedicationAgreementId, {
    message: 'Kies de medicatieafspraak.',
    path: ['MedicationAgreementId'],
  })
  .refine((b) => (b.Kind === 'authorized') === (b.SignerRole === 'prescriber'), {
    message: 'Een voorschrijver tekent alleen een afspraak; een cliënt of vertegenwoordiger de toestemming.',
    path: ['SignerRole'],
  });
export type InformedConsentBody = z.infer<typeof informedConsentBodySchema>;
export type InformedConsentBodyInput = z.input<typeof informedConsentBodySchema>;

export const consentSchema = z.object({
  Id: z.number().int(),
  PatientId: z.number().int(),
  EntityId: z.number().int(),
  Kind: z.enum(CONSENT_KINDS),
  MedicationAgreementId: z.number().int().nullable(),
  SignerName: z.string(),
  SignerRole: z.enum(SIGNER_ROLES),
  WitnessName: z.string().nullable(),
  /** ISO date-time (UTC), set by the server when the signature is stored. */
  SignedAt: z.string(),
  ConsentText: z.string(),
  /** `data:image/png;base64,…`, ready for an <img src>. */
  Signature: z.string(),
  RecordedBy: z.string().nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

export const consentSignatureParamsSchema = z.object({ patientId: id, patientEntityId: id });
export const authorizedSignatureParamsSchema = z.object({
  patientId: id,
  medicationAgreementId: id,
  patientEntityId: id,
});
