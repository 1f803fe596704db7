import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { medicationAgreements, patients } from '../medication/schema.ts';
import { entities } from '../../platform/db/schema/organisations.ts';

/**
 * One scan check at the bedside (POST /api/administration/scan-check): what was scanned for which moment
 * and whether every check passed, so the results can say how often the check is used ("gescand") and how
 * often it caught something. department_id is copied from the patient like on administrations.
 * The code itself is not kept (a pack's serial number says nothing the record needs). Account ids carry no
 * foreign key (the record outlives the account). No purge step: the client is here only as patient_id.
 */
export const administrationScans = pgTable(
  'administration_scans',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    departmentId: integer().notNull(),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    agreementId: integer()
      .notNull()
      .references(() => medicationAgreements.id),
    medicationId: integer().notNull(),
    /** The planned moment scanned for; null for an as-needed agreement. */
    scheduledAt: timestamp({ withTimezone: true }),
    kind: text({ enum: ['sachet', 'wristband', 'product'] }).notNull(),
    passed: boolean().notNull(),
    /** The failed checks' reasons (contract SCAN_REASONS); empty when passed. */
    reasons: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    scannedBy: integer().notNull(),
    scannedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('administration_scans_department_idx').on(t.entityId, t.departmentId, t.scannedAt),
    // The moment's last scan, read with every registration of that moment (register-dose.ts).
    index('administration_scans_last_idx').on(t.agreementId, t.scheduledAt, t.id),
    index('administration_scans_moment_idx')
      .on(t.agreementId, t.scheduledAt)
      .where(sql`${t.passed}`),
  ],
);
