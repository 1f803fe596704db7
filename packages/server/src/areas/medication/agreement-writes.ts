import { AUDIT_ACTIONS, AUDIT_OBJECTS, type StopType } from '@zorgportaal/contract';
import { agreementChanged } from '../../platform/agreement-changes.ts';
import type { AuditEvent } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db/client.ts';
import { conflict, isUniqueViolation, unprocessable } from '../../platform/errors.ts';
import type { Caller } from '../../platform/types.ts';
import type { AgreementRow } from './agreement-mapper.ts';
import {
  type AgreementValues,
  clearIdentifier,
  endAgreement,
  findSuccessor,
  expansionOf,
  insertAgreement,
  stopAgreement,
  storePlannedDays,
} from './queries/index.ts';
import { addDays, localDate } from '../../platform/time.ts';

/**
 * Create, change and stop a medication agreement (MP9): the one place of their rules, used by the JSON API
 * (`routes/agreements.ts`, `routes/agreement-changes.ts`) and by the FHIR transaction (areas/fhir). Each runs
 * inside the caller's transaction, tells the agreement-change listeners (the Baxter interim changes) and
 * returns the audit entries the caller writes once the transaction is committed. A new agreement's planned
 * days (today and tomorrow) are stored in the same transaction (planned-schema.ts).
 */

export const AGREEMENT_ENDED = 'Deze afspraak is al beëindigd of gewijzigd.';

/** An agreement that already stopped, or ends before `at`, cannot be changed or stopped again. */
export const isAgreementOver = (a: AgreementRow, at: Date) =>
  a.stopType !== null || (a.endAt !== null && a.endAt <= at);

/** The account recorded as the author; a system client has none (its audit entries name it). */
const authorOf = (caller: Caller) => (caller.system ? null : caller.accountId);

/** Stores today's and tomorrow's planned moments of a new agreement (the roll-over adds the days after). */
async function storeFirstDays(tx: Tx, id: number, values: AgreementValues, now = new Date()): Promise<void> {
  const today = localDate(now);
  await storePlannedDays(tx, expansionOf([{ id, ...values }], [today, addDays(today, 1)]));
}

export interface AgreementWrite {
  /** The agreement created (create, change) or stopped. */
  id: number;
  audit: AuditEvent[];
}

/** A new agreement for the client, optionally with the sending system's business identifier. */
export async function createAgreement(
  tx: Tx,
  caller: Caller,
  patient: { id: number; entityId: number },
  values: AgreementValues,
  identifier?: { system: string; value: string },
): Promise<AgreementWrite> {
  const id = await insertAgreement(tx, values, {
    entityId: patient.entityId,
    patientId: patient.id,
    createdBy: authorOf(caller),
    identifierSystem: identifier?.system ?? null,
    identifierValue: identifier?.value ?? null,
  });
  await storeFirstDays(tx, id, values);
  await agreementChanged(tx, {
    kind: 'started',
    agreementId: id,
    patientId: patient.id,
    distributionForms: [values.distributionForm],
    at: values.startAt,
    by: caller.accountId,
  });
  return {
    id,
    audit: [
      {
        action: AUDIT_ACTIONS.create,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.medication_agreement,
        objectId: id,
        patientId: patient.id,
      },
    ],
  };
}

/**
 * Change (MP9): the old agreement ends at the change moment (`values.startAt`) and a new one with ReplacesId
 * starts at the same instant, so history is kept and no dose is planned twice. The business identifier moves
 * to the new version. 409 when the agreement is over or already changed, 422 when the change would start
 * before the agreement.
 */
export async function changeAgreement(
  tx: Tx,
  caller: Caller,
  old: AgreementRow,
  values: AgreementValues,
): Promise<AgreementWrite> {
  if (await findSuccessor(tx, old.id)) throw conflict(AGREEMENT_ENDED);
  if (isAgreementOver(old, values.startAt)) throw conflict(AGREEMENT_ENDED);
  if (values.startAt <= old.startAt)
    throw unprocessable('De wijziging moet na de start van de huidige afspraak ingaan.', 'Start');
  await endAgreement(tx, old.id, values.startAt);
  if (old.identifierValue !== null) await clearIdentifier(tx, old.id);
  const created = await insertAgreement(tx, values, {
    entityId: old.entityId,
    patientId: old.patientId,
    replacesId: old.id,
    createdBy: authorOf(caller),
    identifierSystem: old.identifierSystem,
    identifierValue: old.identifierValue,
  });
  await storeFirstDays(tx, created, values);
  await agreementChanged(tx, {
    kind: 'changed',
    agreementId: old.id,
    patientId: old.patientId,
    distributionForms: [old.distributionForm, values.distributionForm],
    at: values.startAt,
    by: caller.accountId,
  });
  const audit = { outcome: 'success', patientId: old.patientId } as const;
  return {
    id: created,
    audit: [
      {
        ...audit,
        action: AUDIT_ACTIONS.update,
        objectType: AUDIT_OBJECTS.medication_agreement,
        objectId: old.id,
        changedFields: ['End'],
        detail: { ReplacedById: created },
      },
      {
        ...audit,
        action: AUDIT_ACTIONS.create,
        objectType: AUDIT_OBJECTS.medication_agreement,
        objectId: created,
        detail: { ReplacesId: old.id },
      },
    ],
  };
}

/** Two changes of the same agreement at once: the unique replaces_id lets only one through (409). */
export const asChangeConflict = (err: unknown): unknown =>
  isUniqueViolation(err, 'medication_agreements_replaces_idx') ? conflict(AGREEMENT_ENDED) : err;

/**
 * Stop: stop type, reason and moment (`requested`; one before the start ends the agreement at its start, so
 * nothing is ever planned). 409 when the agreement is already over.
 */
export async function stopAgreementAt(
  tx: Tx,
  caller: Caller,
  agreement: AgreementRow,
  stop: { stopType: StopType; reason: string; requested: Date },
): Promise<AgreementWrite> {
  if (isAgreementOver(agreement, stop.requested)) throw conflict(AGREEMENT_ENDED);
  const endAt = stop.requested < agreement.startAt ? agreement.startAt : stop.requested;
  await stopAgreement(tx, agreement.id, { endAt, stopType: stop.stopType, stopReason: stop.reason });
  await agreementChanged(tx, {
    kind: 'stopped',
    agreementId: agreement.id,
    patientId: agreement.patientId,
    distributionForms: [agreement.distributionForm],
    at: endAt,
    by: caller.accountId,
  });
  return {
    id: agreement.id,
    audit: [
      {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.medication_agreement,
        objectId: agreement.id,
        patientId: agreement.patientId,
        changedFields: ['End', 'StopType', 'StopReason'],
        detail: { StopType: stop.stopType },
      },
    ],
  };
}
