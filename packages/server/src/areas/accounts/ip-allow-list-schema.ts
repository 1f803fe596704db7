import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';
import { entities } from '../../platform/db/schema/organisations.ts';

/** IP allow-list per account and product: with entries present, logins from elsewhere are refused. */
export const accountIpAllowList = pgTable(
  'account_ip_allow_list',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    productId: integer().notNull(),
    ip: text().notNull(),
    description: text(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId, t.productId)],
);
