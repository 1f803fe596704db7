import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { medicationAgreements, medications, patients } from '../medication/schema.ts';
import { departments, entities } from '../../platform/db/schema/organisations.ts';

/**
 * A Baxter roll (GDS): one per patient per week (period_start is the Monday, period_end the Sunday).
 * Status waiting_for_file → laid_out → handed_over, with who (account id, no foreign key) and when.
 * No purge step: rolls and sachets hold the client only as patient_id (anonymised by the medication area) and
 * the roll file's BSNs are matched at import, never stored.
 */
export const baxterRolls = pgTable(
  'baxter_rolls',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    pharmacyEntityId: integer()
      .notNull()
      .references(() => entities.id),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    departmentId: integer()
      .notNull()
      .references(() => departments.id),
    periodStart: date({ mode: 'string' }).notNull(),
    periodEnd: date({ mode: 'string' }).notNull(),
    status: text({ enum: ['waiting_for_file', 'laid_out', 'handed_over'] })
      .notNull()
      .default('waiting_for_file'),
    fromFile: boolean().notNull().default(false),
    fileImportedAt: timestamp({ withTimezone: true }),
    laidOutAt: timestamp({ withTimezone: true }),
    laidOutBy: integer(),
    handedOverAt: timestamp({ withTimezone: true }),
    handedOverBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('baxter_rolls_patient_week_idx').on(t.patientId, t.periodStart),
    index('baxter_rolls_entity_week_idx').on(t.entityId, t.periodStart, t.departmentId),
    index('baxter_rolls_pharmacy_week_idx').on(t.pharmacyEntityId, t.periodStart),
    index('baxter_rolls_waiting_idx')
      .on(t.entityId)
      .where(sql`${t.status} <> 'handed_over'`),
  ],
);

/** The sachets of a roll: one per product per intake moment, from the agreements or the robot's file. */
export const baxterSachets = pgTable(
  'baxter_sachets',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    rollId: integer()
      .notNull()
      .references(() => baxterRolls.id),
    at: timestamp({ withTimezone: true }).notNull(),
    medicationId: integer().references(() => medications.id),
    product: text().notNull(),
    quantity: doublePrecision().notNull(),
  },
  (t) => [index('baxter_sachets_roll_idx').on(t.rollId, t.at)],
);

/**
 * An interim change (tussentijdse wijziging): a gds agreement of the patient started, changed or stopped
 * while a roll of the patient was running (its period had not ended), so the roll no longer matches the
 * agreements from `at` on. Recorded in the agreement change's transaction; by is an account id.
 */
export const baxterInterimChanges = pgTable(
  'baxter_interim_changes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    rollId: integer()
      .notNull()
      .references(() => baxterRolls.id),
    agreementId: integer()
      .notNull()
      .references(() => medicationAgreements.id),
    kind: text({ enum: ['started', 'changed', 'stopped'] }).notNull(),
    /** The moment the change takes effect. */
    at: timestamp({ withTimezone: true }).notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    recordedBy: integer().notNull(),
  },
  (t) => [index('baxter_interim_changes_roll_idx').on(t.rollId, t.at)],
);
