import type { Instructions } from '@zorgportaal/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { departments, entities } from '../../platform/db/schema/organisations.ts';
import { persons } from '../persons/schema.ts';

/**
 * A person with care data (domain.md "Patient"). entity_id is the care centre; one patient per person.
 * The BSN is unique per care centre only: a global unique index would tell one tenant about another.
 * (PostgreSQL treats nulls as distinct, so any number of purged clients share the index.)
 */
export const patients = pgTable(
  'patients',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    personId: integer()
      .notNull()
      .references(() => persons.id),
    /** Null only once the client is purged: the identity goes, the row stays for what refers to it. */
    bsn: text(),
    departmentId: integer()
      .notNull()
      .references(() => departments.id),
    room: text(),
    pharmacyEntityId: integer().references(() => entities.id),
    gpName: text(),
    /** The prescriber's organisation: a GP practice sees the client only with an active `gp` link too. */
    prescriberEntityId: integer().references(() => entities.id),
    allergies: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    consentStatus: text({ enum: ['none', 'given', 'withdrawn'] })
      .notNull()
      .default('none'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('patients_person_idx').on(t.personId),
    uniqueIndex('patients_entity_bsn_idx').on(t.entityId, t.bsn),
    index('patients_department_idx').on(t.entityId, t.departmentId),
    // A ward's clients by department alone (the Toedienlijst and its version): without it every poll read
    // every client of the country.
    index('patients_department_id_idx').on(t.departmentId),
    // A department's clients in room order: the whole client list reads each department's first clients only.
    // Beside the one above, not instead of it: with this one alone a ward's plans joined every person.
    index('patients_department_room_idx').on(t.departmentId, t.room),
    index('patients_prescriber_idx').on(t.prescriberEntityId),
  ],
);

/**
 * The product catalogue (G-Standaard-like), shared by every installation and tenant. gtin is the pack's
 * GTIN-14 (GS1, check digit valid): a scanned pack is matched to its product by it (docs/scanning.md).
 */
export const medications = pgTable(
  'medications',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull().unique(),
    substance: text().notNull(),
    atc: text().notNull(),
    hpk: text(),
    strengthValue: doublePrecision().notNull(),
    strengthUnit: text().notNull(),
    form: text().notNull(),
    route: text().notNull(),
    riskCategories: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    gdsSuitable: boolean().notNull(),
    divisible: text({ enum: ['none', 'half', 'quarter'] }).notNull(),
    gtin: text(),
  },
  (t) => [
    uniqueIndex('medications_gtin_idx')
      .on(t.gtin)
      .where(sql`${t.gtin} is not null`),
  ],
);

/**
 * MP9 medicatieafspraak. [start_at, end_at) is half-open: a change ends the old row at T and starts
 * the new one (replaces_id) at T, so no moment is planned twice. Rows are never deleted.
 * created_by is an account id without a foreign key: the record outlives the account (null: a system client).
 * identifier_system/_value: the sending system's business identifier (FHIR MedicationRequest.identifier, written
 * through POST /fhir/R4); it names the logical agreement, so a change moves it to the successor and only the
 * current version carries it: unique per client.
 */
export const medicationAgreements = pgTable(
  'medication_agreements',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    medicationId: integer()
      .notNull()
      .references(() => medications.id),
    prescriber: text().notNull(),
    type: text({ enum: ['continuous', 'temporary', 'as_needed', 'scheme'] }).notNull(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }),
    stopType: text({ enum: ['stopped', 'paused', 'cancelled'] }),
    stopReason: text(),
    reason: text(),
    instructions: jsonb().$type<Instructions>().notNull(),
    distributionForm: text({ enum: ['gds', 'loose'] }).notNull(),
    selfManaged: boolean().notNull().default(false),
    replacesId: integer().references((): AnyPgColumn => medicationAgreements.id),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the row last changed after it was recorded (ended by a change, stopped, its identifier moved on); null: never. */
    updatedAt: timestamp({ withTimezone: true }),
    identifierSystem: text(),
    identifierValue: text(),
  },
  (t) => [
    index('medication_agreements_patient_idx').on(t.entityId, t.patientId, t.startAt),
    // A client's agreements by client alone (the day list and its version join them on patient_id).
    index('medication_agreements_patient_id_idx').on(t.patientId),
    uniqueIndex('medication_agreements_identifier_idx')
      .on(t.patientId, t.identifierSystem, t.identifierValue)
      .where(sql`${t.identifierValue} is not null`),
    uniqueIndex('medication_agreements_replaces_idx')
      .on(t.replacesId)
      .where(sql`${t.replacesId} is not null`),
  ],
);
