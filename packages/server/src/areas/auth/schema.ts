import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema.ts';

/** The 2FA step of a login: created only after the password was verified, valid 5 minutes. */
export const twofaChallenges = pgTable(
  'twofa_challenges',
  {
    id: uuid().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId)],
);

/** Forgotten-password tokens, stored as SHA-256 hashes; single use, 60 minutes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    hash: text().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId)],
);

/** An account's pending (not yet confirmed) TOTP secret, sealed like the active one. */
export const totpEnrolments = pgTable('totp_enrolments', {
  accountId: integer()
    .primaryKey()
    .references(() => accounts.id),
  secretSealed: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * "Dit was ik niet" links of the e-mail-change notice, stored as SHA-256 hashes; single use, 7 days.
 * A table of their own: a forgotten-password request or a password change voids reset links, and
 * must not void this one (the person who changed the address could do either).
 */
export const notMeTokens = pgTable(
  'not_me_tokens',
  {
    hash: text().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId)],
);
