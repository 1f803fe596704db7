import { type Agreement, isRiskProduct } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import * as t from './tables.ts';
import { toMedication } from './queries/catalogue.ts';

export type AgreementRow = typeof t.medicationAgreements.$inferSelect;
const successor = alias(t.medicationAgreements, 'successor');

/** Agreements with their product, their successor (after a change) and who created them. */
export function selectAgreements(db: Db) {
  return db
    .select({
      agreement: t.medicationAgreements,
      medication: t.medications,
      replacedById: successor.id,
      createdBy: t.accounts.username,
    })
    .from(t.medicationAgreements)
    .innerJoin(t.medications, eq(t.medications.id, t.medicationAgreements.medicationId))
    .leftJoin(successor, eq(successor.replacesId, t.medicationAgreements.id))
    .leftJoin(t.accounts, eq(t.accounts.id, t.medicationAgreements.createdBy));
}

export interface AgreementJoin {
  agreement: AgreementRow;
  medication: typeof t.medications.$inferSelect;
  replacedById: number | null;
  createdBy: string | null;
}

/** Derived status: a stop type means stopped, an end in the past means ended (also after a change). */
export function agreementStatus(a: AgreementRow, now: Date): Agreement['Status'] {
  if (a.startAt > now) return a.stopType ? 'stopped' : 'future';
  if (a.endAt && a.endAt <= now) return a.stopType ? 'stopped' : 'ended';
  return 'active';
}

export function toAgreement(row: AgreementJoin, now = new Date()): Agreement {
  const a = row.agreement;
  return {
    Id: a.id,
    EntityId: a.entityId,
    PatientId: a.patientId,
    Medication: toMedication(row.medication),
    Prescriber: a.prescriber,
    Type: a.type,
    Start: a.startAt.toISOString(),
    End: a.endAt?.toISOString() ?? null,
    StopType: a.stopType,
    StopReason: a.stopReason,
    Reason: a.reason,
    Instructions: a.instructions,
    DistributionForm: a.distributionForm,
    SelfManaged: a.selfManaged,
    ReplacesId: a.replacesId,
    ReplacedById: row.replacedById,
    Status: agreementStatus(a, now),
    DoubleCheckRequired: isRiskProduct(row.medication.riskCategories),
    CreatedAt: a.createdAt.toISOString(),
    CreatedBy: row.createdBy,
  };
}
