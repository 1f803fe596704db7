import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { patients } from '../medication/schema.ts';

/**
 * The trombosis service's tables. INR values and bounds are stored in tenths (integers), so 2.0 and 3.0
 * compare exactly. Rows are never updated: a new target range or scheme is a new row from a moment on,
 * so the history stays as it was. Account ids carry no foreign key: the record outlives the account.
 * No purge step: the client is here only as patient_id (anonymised by the medication area); values, ranges,
 * schemes and their notes are the medical record, kept (WGBO), and identify no one without the patient row.
 */

/** Target range per patient (intensity group 1, 2 or custom); the newest row holds. */
export const inrTargetRanges = pgTable(
  'inr_target_ranges',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    targetGroup: text({ enum: ['group1', 'group2', 'custom'] }).notNull(),
    lowTenths: smallint().notNull(),
    highTenths: smallint().notNull(),
    validFrom: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdByAccountId: integer(),
  },
  (t) => [index('inr_target_ranges_patient_idx').on(t.patientId, t.validFrom)],
);

/** One INR measurement (FHIR Observation, LOINC 6301-6) with the range and interpretation of its moment. */
export const inrValues = pgTable(
  'inr_values',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    valueTenths: smallint().notNull(),
    measuredAt: timestamp({ withTimezone: true }).notNull(),
    method: text({ enum: ['venous', 'fingerprick', 'selftest'] }).notNull(),
    note: text(),
    lowTenths: smallint().notNull(),
    highTenths: smallint().notNull(),
    interpretation: text({ enum: ['below', 'in', 'above', 'critical'] }).notNull(),
    createdByAccountId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inr_values_patient_idx').on(t.patientId, t.measuredAt),
    index('inr_values_critical_idx')
      .on(t.measuredAt)
      .where(sql`${t.interpretation} = 'critical'`),
  ],
);

/**
 * A dosage scheme (doseerschema): tablets per weekday (Monday first, halves allowed) from a date on.
 * The scheme in force on a day is the newest row with valid_from on or before that day.
 */
export const dosageSchemes = pgTable(
  'dosage_schemes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    drug: text({ enum: ['acenocoumarol', 'fenprocoumon'] }).notNull(),
    validFrom: date({ mode: 'string' }).notNull(),
    /** Half tablets per weekday, Monday first (7 values): 3 = one and a half tablets. */
    halvesPerDay: smallint().array().notNull(),
    nextCheck: date({ mode: 'string' }).notNull(),
    note: text(),
    lowTenths: smallint(),
    highTenths: smallint(),
    createdByAccountId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dosage_schemes_patient_idx').on(t.patientId, t.validFrom)],
);
