import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { entities } from '../../platform/db/schema/organisations.ts';

/**
 * A system client of an organisation (Geavanceerd → Koppelingen): an OAuth2 client-credentials client of
 * the FHIR endpoint (docs/fhir.md). The secret is stored only as its scrypt hash; a revoked client stays
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
    /** `scrypt$N$r$p$salt$hash` (base64url); never the secret itself. */
    secretHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.entityId)],
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
