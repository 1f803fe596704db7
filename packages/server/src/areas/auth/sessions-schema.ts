import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema.ts';
import { entities } from '../../platform/db/schema/organisations.ts';

/**
 * A login session is one refresh-token family (RFC 9700 §4.14.2): revoking it kills every
 * access and refresh token issued in it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    revokeReason: text(),
    ip: text(),
  },
  (t) => [index().on(t.accountId)],
);

/** Opaque tokens, stored only as their SHA-256 hash (hex) so a database leak yields no usable token. */
export const tokens = pgTable(
  'tokens',
  {
    hash: text().primaryKey(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id),
    kind: text({ enum: ['access', 'refresh'] }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.sessionId)],
);
