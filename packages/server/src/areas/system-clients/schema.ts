import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { entities } from '../../platform/db/schema/organisations.ts';

/**
 * A system client of an organisation (Geavanceerd → Koppelingen): an OAuth2 client-credentials client of
 * the FHIR endpoint (docs/fhir.md). It authenticates with a secret, stored only as its scrypt hash, or with
 * a JWT signed by its own private key (`private_key_jwt`), whose public keys it registered; a revoked client stays
 * (the Logboek names it) but no longer gets or uses tokens. No person data: no purge step.
 */
export const systemClients = pgTable(
  'system_clients',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    /** The public `client_id` (`zpsc_` + 24 hex digits). */
    clientId: text().notNull().unique(),
    name: text().notNull(),
    /** SMART v2 style scopes, `system/<Type>.rs`. */
    scopes: text().array().notNull(),
    /** `client_secret` or `private_key_jwt` (contract SYSTEM_CLIENT_AUTH_METHODS). */
    authMethod: text({ enum: ['client_secret', 'private_key_jwt'] })
      .notNull()
      .default('client_secret'),
    /** `scrypt$N$r$p$salt$hash` (base64url); never the secret itself. Null for a `private_key_jwt` client. */
    secretHash: text(),
    /** A `private_key_jwt` client's public keys as a JWKS (public members only); else null. */
    publicKeys: jsonb().$type<{ keys: Record<string, string>[] }>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.entityId),
    // Exactly the credential of its method: a secret's hash, or public keys.
    check(
      'system_clients_credential_check',
      sql`(${t.authMethod} = 'client_secret' and ${t.secretHash} is not null and ${t.publicKeys} is null) or (${t.authMethod} = 'private_key_jwt' and ${t.secretHash} is null and ${t.publicKeys} is not null)`,
    ),
  ],
);

/**
 * A system client's access tokens, stored only as their SHA-256 (as the users' `tokens`). Every lookup
 * joins the client, so revoking it ends its tokens at once; expired rows go when the client gets a new one.
 */
export const systemClientTokens = pgTable(
  'system_client_tokens',
  {
    hash: text().primaryKey(),
    clientId: integer()
      .notNull()
      .references(() => systemClients.id, { onDelete: 'cascade' }),
    /** The scopes this token was granted (the client's, or the subset it asked for). */
    scopes: text().array().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.clientId)],
);

/**
 * The `jti` of every client assertion accepted (private_key_jwt), kept until the assertion expires, so the
 * same assertion is never accepted twice, on any instance (the primary key decides the race).
 */
export const systemClientAssertions = pgTable(
  'system_client_assertions',
  {
    clientId: integer()
      .notNull()
      .references(() => systemClients.id, { onDelete: 'cascade' }),
    jti: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.jti] }), index().on(t.expiresAt)],
);
