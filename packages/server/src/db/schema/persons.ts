import { boolean, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { entities } from './organisations.ts';

/** Anyone, staff or client (spec §3 Person). Name parts are columns so lists can sort and search on them. */
export const persons = pgTable(
  'persons',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    firstNames: text().notNull(),
    lastNamePrefix: text(),
    lastName: text().notNull(),
    partnerPrefix: text(),
    partnerLastName: text(),
    dateOfBirth: date({ mode: 'string' }),
    customerName: text(),
    avatar: text(),
    active: boolean().notNull().default(true),
    deleted: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.entityId, t.lastName)],
);
