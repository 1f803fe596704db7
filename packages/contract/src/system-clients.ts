import { z } from 'zod';
import { text } from './fields.ts';

/**
 * System clients (Geavanceerd → Koppelingen): an organisation's OAuth2 client-credentials clients for the
 * FHIR endpoint (docs/fhir.md). Each has SMART v2 style scopes `system/<Type>.rs` (read and search) for the
 * FHIR types served, and `system/MedicationRequest.cu` to write agreements (POST /fhir/R4); its secret is shown once at creation and stored only as a hash.
 */
export const FHIR_SYSTEM_TYPES = [
  'Patient',
  'Medication',
  'MedicationRequest',
  'MedicationAdministration',
  'Observation',
  'Organization',
] as const;
export type FhirSystemType = (typeof FHIR_SYSTEM_TYPES)[number];

/** The one write scope: create and update MedicationRequests (agreements) through the transaction. */
export const MEDICATION_REQUEST_WRITE_SCOPE = 'system/MedicationRequest.cu';

export const SYSTEM_CLIENT_SCOPES = [
  ...FHIR_SYSTEM_TYPES.map((type) => `system/${type}.rs` as const),
  MEDICATION_REQUEST_WRITE_SCOPE,
] as const;
export type SystemClientScope = (typeof SYSTEM_CLIENT_SCOPES)[number];

/** The scope that grants read and search of a FHIR type. */
export const systemScopeOf = (type: FhirSystemType): SystemClientScope => `system/${type}.rs`;

/** A client credentials access token lives this long (SMART backend services: at most five minutes). */
export const SYSTEM_TOKEN_TTL_SECONDS = 300;

/** A system client's public id (`client_id`): `zpsc_` and 24 hex digits. */
export const SYSTEM_CLIENT_ID_PATTERN = /^zpsc_[0-9a-f]{24}$/;

/** At most this many live (not revoked) system clients per organisation. */
export const SYSTEM_CLIENTS_PER_ORGANISATION = 20;

const NAME_REQUIRED = 'Vul een naam in.';
const SCOPES_REQUIRED = 'Kies minstens één gegevenssoort.';

/** POST /api/management/settings/systemclients. */
export const systemClientBodySchema = z.strictObject({
  Name: text({ error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(100, 'Maximaal 100 tekens.'),
  Scopes: z
    .array(z.enum(SYSTEM_CLIENT_SCOPES, { error: 'Onbekende gegevenssoort.' }), { error: SCOPES_REQUIRED })
    .min(1, SCOPES_REQUIRED)
    .max(SYSTEM_CLIENT_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, {
      error: 'Elke gegevenssoort mag maar één keer voorkomen.',
    }),
});
export type SystemClientBody = z.infer<typeof systemClientBodySchema>;

export const systemClientSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  ClientId: z.string(),
  Scopes: z.array(z.string()),
  CreatedAt: z.string(),
  LastUsedAt: z.string().nullable(),
  RevokedAt: z.string().nullable(),
});
export type SystemClient = z.infer<typeof systemClientSchema>;

export const systemClientListSchema = z.object({ Rows: z.array(systemClientSchema) });
export type SystemClientList = z.infer<typeof systemClientListSchema>;

/** The answer to a creation: the only time the secret is ever sent. */
export const systemClientCreatedSchema = systemClientSchema.extend({ ClientSecret: z.string() });
export type SystemClientCreated = z.infer<typeof systemClientCreatedSchema>;
