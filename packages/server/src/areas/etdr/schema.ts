import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { medicationAgreements, patients } from '../medication/schema.ts';
import { entities } from '../../platform/db/schema/organisations.ts';

/**
 * eTDR signatures: the client's (or representative's) informed consent, or the authorised prescriber's
 * signature for one agreement. The PNG is kept as base64 with a snapshot of the text that was signed.
 */
export const consents = pgTable(
  'consents',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    kind: text({ enum: ['consent', 'authorized'] }).notNull(),
    agreementId: integer().references(() => medicationAgreements.id),
    signerName: text().notNull(),
    signerRole: text({ enum: ['client', 'representative', 'prescriber'] }).notNull(),
    witnessName: text(),
    signedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    consentText: text().notNull(),
    signaturePng: text().notNull(),
    recordedBy: integer(),
  },
  (t) => [index('consents_patient_idx').on(t.patientId, t.kind, t.signedAt)],
);
