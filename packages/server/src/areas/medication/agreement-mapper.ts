import { type Agreement, isRiskProduct } from '@zorgportaal/contract';
import type * as t from './tables.ts';
import { toMedication } from './medication-mapper.ts';

export type AgreementRow = typeof t.medicationAgreements.$inferSelect;

/** An agreement as `selectAgreements` (queries/agreements.ts) reads it: with product, successor and creator. */
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
