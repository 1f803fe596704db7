import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { medications, patients } from '../medication/schema.ts';
import { departments, entities } from '../../platform/db/schema/organisations.ts';

const STATUS = ['in_progress', 'approved', 'declined', 'canceled', 'expired'] as const;

/**
 * An order of a care centre (entity_id) at the pharmacy that supplied it when it was made
 * (pharmacy_entity_id). sent_at null = a draft, seen only by the care centre. created_by and
 * history.account_id are account ids without a foreign key: the record outlives the account.
 * No purge step: a client is here only as patient_id (anonymised by the medication area) and accounts only by
 * id; reasons and notes describe the supply for the pharmacy, kept like the agreements they follow.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    pharmacyEntityId: integer()
      .notNull()
      .references(() => entities.id),
    departmentId: integer().references(() => departments.id),
    patientId: integer().references(() => patients.id),
    status: text({ enum: STATUS }).notNull().default('in_progress'),
    urgent: boolean().notNull().default(false),
    reason: text(),
    decisionReason: text(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The pharmacy's action list: urgent open orders first, then newest first, in one index walk.
    index('orders_pharmacy_list_idx')
      .on(
        t.pharmacyEntityId,
        sql`(${t.status} = 'in_progress' and ${t.urgent}) desc`,
        t.createdAt.desc(),
        t.id.desc(),
      )
      .where(sql`${t.sentAt} is not null`),
    index('orders_entity_list_idx').on(
      t.entityId,
      sql`(${t.status} = 'in_progress' and ${t.urgent}) desc`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // The ETag's version (newest change in a scope) and the expiry job.
    index('orders_pharmacy_updated_idx').on(t.pharmacyEntityId, t.updatedAt),
    index('orders_entity_updated_idx').on(t.entityId, t.updatedAt),
    index('orders_open_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.status} = 'in_progress' and ${t.sentAt} is not null`),
    index('orders_patient_idx').on(t.patientId),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    position: integer().notNull(),
    medicationId: integer().references(() => medications.id),
    freeText: text(),
    quantity: integer().notNull(),
    unit: text().notNull(),
    note: text(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    check('order_lines_product_check', sql`${t.medicationId} is not null or ${t.freeText} is not null`),
    check('order_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** Every status change (and the sending of a draft): who, when, from → to, reason. Never changed. */
export const orderHistory = pgTable(
  'order_history',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** null: the expiry job. */
    accountId: integer(),
    fromStatus: text({ enum: STATUS }),
    toStatus: text({ enum: STATUS }).notNull(),
    sent: boolean().notNull().default(false),
    reason: text(),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.at)],
);
