import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { groups } from '../accounts/groups-schema.ts';
import { patients } from '../medication/schema.ts';
import { orders } from '../orders/schema.ts';
import { inrValues } from '../trombosis/schema.ts';
import { entities } from '../../platform/db/schema/organisations.ts';

/**
 * A conversation between two organisations of the care network, addressed to a communication group
 * of the receiving one. Account ids carry no foreign key: a thread outlives the accounts that wrote it.
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    fromEntityId: integer()
      .notNull()
      .references(() => entities.id),
    createdBy: integer().notNull(),
    toEntityId: integer()
      .notNull()
      .references(() => entities.id),
    toGroupId: integer()
      .notNull()
      .references(() => groups.id),
    subject: text().notNull(),
    patientId: integer().references(() => patients.id),
    /** What the thread is about besides the client: an order or an INR value (both optional). */
    orderId: integer().references(() => orders.id),
    inrValueId: integer().references(() => inrValues.id),
    priority: text({ enum: ['normal', 'high'] })
      .notNull()
      .default('normal'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_threads_group_idx').on(t.toGroupId, t.lastMessageAt),
    index('message_threads_creator_idx').on(t.createdBy),
    index('message_threads_patient_idx').on(t.patientId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    threadId: integer()
      .notNull()
      .references(() => messageThreads.id),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    accountId: integer().notNull(),
    body: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_thread_idx').on(t.threadId, t.sentAt),
    index('messages_account_idx').on(t.accountId),
  ],
);

/** Read state per account: the thread counts as unread while a message is newer than `readAt`. */
export const messageReads = pgTable(
  'message_reads',
  {
    threadId: integer()
      .notNull()
      .references(() => messageThreads.id),
    accountId: integer().notNull(),
    readAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.threadId] })],
);
