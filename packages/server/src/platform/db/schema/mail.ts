import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mails written when no SMTP_URL is configured, so a local user can still reset a password. */
export const mailOutbox = pgTable('mail_outbox', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
