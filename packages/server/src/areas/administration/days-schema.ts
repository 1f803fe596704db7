import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Daily roll-up of the effective registrations (not corrected by a later one) per local day
 * (Europe/Amsterdam), department, patient, product and status, so the results overview reads days
 * instead of a million rows. Kept exact by statement triggers on administrations in the same
 * transaction as every registration, correction, double check and delete (custom migration
 * administration_days_triggers). late and awaiting are the subsets counted by the overview.
 * No foreign keys: it is derived data, rebuilt from administrations when in doubt.
 */
export const administrationDays = pgTable(
  'administration_days',
  {
    entityId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    departmentId: integer().notNull(),
    patientId: integer().notNull(),
    medicationId: integer().notNull(),
    status: text({ enum: ['given', 'partial', 'not_given', 'refused', 'failed', 'cancelled'] }).notNull(),
    count: integer().notNull(),
    late: integer().notNull(),
    awaiting: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.day, t.departmentId, t.patientId, t.medicationId, t.status] }),
    index('administration_days_patient_idx').on(t.patientId, t.day),
  ],
);
