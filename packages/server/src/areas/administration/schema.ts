import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { medicationAgreements, medications, patients } from '../medication/schema.ts';
import { entities } from '../../platform/db/schema/organisations.ts';

/**
 * Registrations (eTDR, FHIR MedicationAdministration). Never updated except for the double check;
 * a correction is a new row pointing at the old one (corrects_id). department_id and medication_id
 * are copied from the patient and agreement at registration, so the results overview over millions
 * of rows filters without joins and keeps the department where the dose was given.
 * moment_at = coalesce(scheduled_at, administered_at, recorded_at): the instant a registration belongs to.
 * Account ids carry no foreign key: the record outlives the account.
 * No purge step: the client is here only as patient_id (anonymised by the medication area) and accounts by
 * id; registrations, notes and deviations are the medical record, kept (WGBO).
 * Range-partitioned by UTC month of moment_at (migration administrations_partitioned: administrations_YYYY_MM
 * plus administrations_default; `platform/table-partitions.ts` creates them ahead), so every key holds
 * moment_at: the primary key is (id, moment_at), a correction points at (corrects_id, corrects_moment_at).
 */
export const administrations = pgTable(
  'administrations',
  {
    id: bigint({ mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    agreementId: integer()
      .notNull()
      .references(() => medicationAgreements.id),
    departmentId: integer().notNull(),
    medicationId: integer()
      .notNull()
      .references(() => medications.id),
    scheduledAt: timestamp({ withTimezone: true }),
    scheduledQty: doublePrecision(),
    administeredAt: timestamp({ withTimezone: true }),
    administeredQty: doublePrecision(),
    momentAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: ['given', 'partial', 'not_given', 'refused', 'failed', 'cancelled'] }).notNull(),
    deviationReason: text(),
    deviationText: text(),
    doubleCheckRequired: boolean().notNull().default(false),
    doubleCheckBy: integer(),
    doubleCheckAt: timestamp({ withTimezone: true }),
    recordedBy: integer().notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    note: text(),
    correctsId: bigint({ mode: 'number' }),
    /** The corrected registration's moment_at, filled in by a trigger from corrects_id (part of its key). */
    correctsMomentAt: timestamp({ withTimezone: true }),
    /** given_early / given_late: given just outside the dose's time window (time-window.ts). */
    timingReason: text({ enum: ['given_early', 'given_late'] }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.momentAt] }),
    foreignKey({
      name: 'administrations_corrects_fk',
      columns: [t.correctsId, t.correctsMomentAt],
      foreignColumns: [t.id, t.momentAt],
    }),
    // A planned moment has at most one original registration; anything after it must be a correction. The
    // original's moment_at is its scheduled_at, so holding the partition column changes nothing.
    uniqueIndex('administrations_moment_idx')
      .on(t.agreementId, t.scheduledAt, t.momentAt)
      .where(sql`${t.correctsId} is null and ${t.scheduledAt} is not null`),
    // Which registrations are corrected (the unique claim is administration_corrections: a partitioned
    // table's unique index would have to hold moment_at, and a correction may fall in another month).
    index('administrations_corrects_idx')
      .on(t.correctsId)
      .where(sql`${t.correctsId} is not null`),
    index('administrations_agreement_idx').on(t.agreementId, t.momentAt),
    index('administrations_department_idx').on(t.entityId, t.departmentId, t.momentAt),
    index('administrations_entity_idx').on(t.entityId, t.momentAt),
    index('administrations_patient_idx').on(t.patientId, t.momentAt),
    index('administrations_awaiting_check_idx')
      .on(t.entityId, t.departmentId)
      .where(sql`${t.doubleCheckRequired} and ${t.doubleCheckBy} is null`),
  ],
);

/**
 * Corrections form a chain: each registration is corrected at most once. One row per corrected registration,
 * written by a trigger in the correcting INSERT (migration administrations_partitioned), unpartitioned so its
 * key can be corrects_id alone. Derived data: rebuilt from administrations, never written by the app.
 */
export const administrationCorrections = pgTable('administration_corrections', {
  correctsId: bigint({ mode: 'number' }).primaryKey(),
  correctionId: bigint({ mode: 'number' }).notNull(),
});
