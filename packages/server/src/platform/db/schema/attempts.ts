import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Brute-force counters shared by every instance (security.md), kept by the attempt limiter's SQL store
 * (`platform/attempts/`). One row per key (e.g. 'f:login:user:jan' for failures, 'l:...' for lockouts)
 * holding the attempt times within the key's window, newest first, and the newest attempt (so old rows
 * are pruned by index). Why one row per key and not one per attempt: `INSERT ... ON CONFLICT DO UPDATE`
 * locks the key's row, so concurrent attempts on several instances queue up and each sees the others'
 * counts. With a row per attempt, READ COMMITTED lets simultaneous attempts miss each other (measured on
 * PostgreSQL: 10 parallel hits all answered at most 9), which a parallel brute force would exploit.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    key: text().primaryKey(),
    attempts: timestamp({ withTimezone: true }).array().notNull(),
    lastAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('auth_attempts_last_at_idx').on(t.lastAt)],
);
