import { z } from 'zod';
import { multilineText, text } from './fields.ts';

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
  'Practitioner',
  'PractitionerRole',
  'MedicationDispense',
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

/**
 * How a system client proves who it is at the token endpoint: a secret the portal generates
 * (`client_secret_basic` / `client_secret_post`), or a JWT signed with its own private key whose public key
 * it registered (`private_key_jwt`, RFC 7523 / SMART Backend Services).
 */
export const SYSTEM_CLIENT_AUTH_METHODS = ['client_secret', 'private_key_jwt'] as const;
export type SystemClientAuthMethod = (typeof SYSTEM_CLIENT_AUTH_METHODS)[number];

/** The signing algorithms a client assertion may use (SMART Backend Services: RS384 and ES384 at least). */
export const CLIENT_ASSERTION_ALGORITHMS = [
  'RS384',
  'ES384',
  'RS256',
  'ES256',
  'RS512',
  'ES512',
  'PS384',
] as const;

/** The `client_assertion_type` of a JWT client assertion (RFC 7523 §2.2). */
export const JWT_BEARER_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** A client assertion may expire at most this far ahead (SMART Backend Services: five minutes). */
export const CLIENT_ASSERTION_MAX_LIFETIME_SECONDS = 300;

const PUBLIC_KEY_REQUIRED = 'Plak de openbare sleutel: een JWKS, een JWK of een PEM-blok (BEGIN PUBLIC KEY).';
const PUBLIC_KEY_MAX = 20_000;

/**
 * The shape of a pasted public key: JSON (a JWKS `{ "keys": [...] }` or one JWK) or a PEM public key. That
 * it is a usable RSA or EC public key is checked by the server, which answers 400 naming `PublicKey`.
 */
export function looksLikePublicKey(value: string): boolean {
  const text = value.trim();
  if (/^-----BEGIN PUBLIC KEY-----[A-Za-z0-9+/=\s]+-----END PUBLIC KEY-----$/.test(text)) return true;
  if (!text.startsWith('{')) return false;
  try {
    const json = JSON.parse(text) as { keys?: unknown; kty?: unknown };
    if (Array.isArray(json.keys)) return json.keys.length > 0;
    return typeof json.kty === 'string';
  } catch {
    return false;
  }
}

/** POST /api/management/settings/systemclients. */
export const systemClientBodySchema = z
  .strictObject({
    Name: text({ error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(100, 'Maximaal 100 tekens.'),
    Scopes: z
      .array(z.enum(SYSTEM_CLIENT_SCOPES, { error: 'Onbekende gegevenssoort.' }), { error: SCOPES_REQUIRED })
      .min(1, SCOPES_REQUIRED)
      .max(SYSTEM_CLIENT_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, {
        error: 'Elke gegevenssoort mag maar één keer voorkomen.',
      }),
    /** Absent: a secret (as before). */
    AuthMethod: z
      .enum(SYSTEM_CLIENT_AUTH_METHODS, { error: 'Kies hoe het systeem zich aanmeldt.' })
      .optional(),
    /** With `private_key_jwt`: the client's public key(s), pasted as JWKS, JWK or PEM. */
    PublicKey: multilineText({ error: PUBLIC_KEY_REQUIRED })
      .max(PUBLIC_KEY_MAX, `Maximaal ${PUBLIC_KEY_MAX} tekens.`)
      .optional(),
  })
  .superRefine((body, ctx) => {
    const withKey = body.AuthMethod === 'private_key_jwt';
    if (withKey && !looksLikePublicKey(body.PublicKey ?? ''))
      ctx.addIssue({ code: 'custom', path: ['PublicKey'], message: PUBLIC_KEY_REQUIRED });
    if (!withKey && body.PublicKey !== undefined && body.PublicKey.trim() !== '')
      ctx.addIssue({
        code: 'custom',
        path: ['PublicKey'],
        message: 'Een openbare sleutel hoort alleen bij aanmelden met een sleutel (private_key_jwt).',
      });
  });
export type SystemClientBody = z.infer<typeof systemClientBodySchema>;

export const systemClientSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  ClientId: z.string(),
  Scopes: z.array(z.string()),
  AuthMethod: z.enum(SYSTEM_CLIENT_AUTH_METHODS),
  /** With `private_key_jwt`: the key ids (`kid`) of the registered public keys, as a hint; never a key. */
  KeyIds: z.array(z.string()),
  CreatedAt: z.string(),
  LastUsedAt: z.string().nullable(),
  RevokedAt: z.string().nullable(),
});
export type SystemClient = z.infer<typeof systemClientSchema>;

export const systemClientListSchema = z.object({ Rows: z.array(systemClientSchema) });
export type SystemClientList = z.infer<typeof systemClientListSchema>;

/** The answer to a creation: the only time the secret is ever sent (null for a client with a public key). */
export const systemClientCreatedSchema = systemClientSchema.extend({ ClientSecret: z.string().nullable() });
export type SystemClientCreated = z.infer<typeof systemClientCreatedSchema>;
