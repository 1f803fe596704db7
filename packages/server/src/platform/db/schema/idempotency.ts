import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The first answer of each write sent with an Idempotency-Key (platform/idempotency.ts). The primary key
 * (account, key) is what makes a repeat impossible across instances and restarts: the row is inserted in
 * the same transaction as the write it answers, so neither exists without the other, and a concurrent
 * duplicate waits on this key and then finds the answer. Only answers of writes that happened are kept.
 * No foreign key: the account is only the owner of its keys. Rows older than the retention (contract
 * IDEMPOTENCY_KEY_RETENTION_DAYS) are removed by the cleanup job; a purge removes a person's rows at once.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: integer().notNull(),
    key: uuid().notNull(),
    /** `METHOD /route/{param}`: the same key on another route is another request (refused). */
    route: text().notNull(),
    /** sha256 of the path parameters and the body as the route identifies them (never credentials). */
    requestHash: text().notNull(),
    status: smallint().notNull(),
    body: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.accountId, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
