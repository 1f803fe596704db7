import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { patients } from '../medication/schema.ts';
import { entities } from '../../platform/db/schema/organisations.ts';

/**
 * A periodic medication review (medicatiebeoordeling) of one client: who took part, what was found,
 * what was agreed and when the next one is due. entity_id is the client's care centre (scope);
 * recorded_by is an account id without a foreign key, as elsewhere.
 * No purge step: the client is here only as patient_id (the patient row is anonymised by the medication
 * area), and findings and agreed changes are the medical record, kept (WGBO). The prescriber, pharmacist and
 * nurse are care providers' names typed as free text and tied to no account, so a purged provider cannot be
 * found in them without erasing namesakes.
 */
export const medicationReviews = pgTable(
  'medication_reviews',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    reviewedOn: date({ mode: 'string' }).notNull(),
    prescriber: text().notNull(),
    pharmacist: text(),
    nurse: text(),
    findings: text().notNull(),
    agreedChanges: text(),
    nextReviewOn: date({ mode: 'string' }),
    recordedBy: integer(),
    recordedByEntityId: integer().references(() => entities.id),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('medication_reviews_patient_idx').on(t.patientId, t.reviewedOn),
    index('medication_reviews_due_idx').on(t.entityId, t.nextReviewOn),
  ],
);
