import type { BundleEntry } from '@medplum/fhirtypes';
import type { Instructions } from '@zorgportaal/contract';
import type { AuditEvent } from '../../../platform/audit.ts';
import type { Tx } from '../../../platform/db/client.ts';
import { HttpError } from '../../../platform/errors.ts';
import type { Scope } from '../../../platform/scope.ts';
import type { Caller } from '../../../platform/types.ts';
import { parseBoundary } from '../../../platform/time.ts';
import {
  type AgreementRow,
  type AgreementWrite,
  agreementValues,
  changeAgreement,
  createAgreement,
  currentVersionOf,
  findAgreementByIdentifier,
  findAgreementRow,
  findPatient,
  isAgreementOver,
  stopAgreementAt,
} from '../../medication/public.ts';
import { FhirError } from '../outcome.ts';
import { type AgreementInput, agreementInputOf } from './agreement-input.ts';

/** A transaction holds at most this many entries (one request, one database transaction). */
export const MAX_TRANSACTION_ENTRIES = 100;

const STOPPED_BY_STATUS = 'Gestopt (FHIR-status stopped).';
const COMPLETED_BY_STATUS = 'Afgerond (FHIR-status completed).';

export interface EntryResult {
  status: '201 Created' | '200 OK';
  /** What the entry did: created, changed (a new version), stopped, or nothing. */
  kind: 'created' | 'changed' | 'stopped' | 'unchanged';
  id: number;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The Bundle's entries as checked inputs, in order; nothing is read or written yet. */
export function parseTransaction(body: unknown): AgreementInput[] {
  if (!isObject(body) || body.resourceType !== 'Bundle')
    throw new FhirError(400, 'invalid', 'Expected a Bundle.', 'Bundle');
  if (body.type !== 'transaction')
    throw new FhirError(
      400,
      'not-supported',
      "Only a Bundle of type 'transaction' is accepted.",
      'Bundle.type',
    );
  const entries = body.entry ?? [];
  if (!Array.isArray(entries) || entries.length === 0)
    throw new FhirError(400, 'invalid', 'The transaction has no entries.', 'Bundle.entry');
  if (entries.length > MAX_TRANSACTION_ENTRIES)
    throw new FhirError(
      413,
      'too-costly',
      `At most ${MAX_TRANSACTION_ENTRIES} entries per transaction.`,
      'Bundle.entry',
    );
  const seen = new Map<string, number>();
  return entries.map((entry: unknown, i) => {
    const at = `Bundle.entry[${i}]`;
    if (!isObject(entry)) throw new FhirError(400, 'invalid', 'An entry must be an object.', at);
    const request = entry.request as BundleEntry['request'];
    if (!request || (request.method !== 'POST' && request.method !== 'PUT'))
      throw new FhirError(
        400,
        'not-supported',
        'Each entry needs request.method POST or PUT.',
        `${at}.request`,
      );
    if (typeof request.url !== 'string' || !/^MedicationRequest([/?]|$)/.test(request.url))
      throw new FhirError(
        400,
        'not-supported',
        'Only MedicationRequest can be written.',
        `${at}.request.url`,
      );
    const input = agreementInputOf(entry.resource, `${at}.resource`);
    const key = `${input.patientId}|${input.identifier.system}|${input.identifier.value}`;
    if (seen.has(key))
      throw new FhirError(
        400,
        'duplicate',
        `The same agreement is already entry ${seen.get(key)} of this transaction.`,
        `${at}.resource.identifier`,
      );
    seen.set(key, i);
    return input;
  });
}

/** Stored and posted instructions are the same (moments and weekdays in any order; jsonb reorders keys). */
function sameInstructions(a: Instructions, b: Instructions): boolean {
  const norm = (i: Instructions) =>
    JSON.stringify([
      i.DoseUnit,
      [...i.Moments].sort((x, y) => x.Time.localeCompare(y.Time)).map((m) => [m.Time, m.Dose]),
      [...i.Weekdays].sort((x, y) => x - y),
      i.AsNeededCriterion ?? null,
      i.AsNeededMaxPerDay ?? null,
      i.AsNeededDose ?? null,
      i.Note ?? null,
    ]);
  return norm(a) === norm(b);
}

/** The agreement's type: what courseOfTherapyType says, else the stored one, else from the dosages. */
const typeOf = (input: AgreementInput, existing: AgreementRow | undefined) =>
  input.type ??
  existing?.type ??
  (input.instructions.Moments.length === 0 && input.instructions.AsNeededCriterion
    ? 'as_needed'
    : 'continuous');

/** Whether the posted resource asks for anything other than what the agreement already is. */
function differs(input: AgreementInput, a: AgreementRow): boolean {
  const end = input.end ? parseBoundary(input.end, 'end').getTime() : null;
  return (
    a.medicationId !== input.medicationId ||
    (input.prescriber !== null && a.prescriber !== input.prescriber) ||
    a.type !== typeOf(input, a) ||
    (a.reason ?? null) !== input.reason ||
    (a.endAt?.getTime() ?? null) !== end ||
    !sameInstructions(a.instructions, input.instructions)
  );
}

/** A rule of the medication area (an HttpError) as the entry's OperationOutcome. */
export function entryError(error: unknown, at: string): unknown {
  if (!(error instanceof HttpError)) return error;
  const field = Object.keys((error.extra.Fields as Record<string, string> | undefined) ?? {})[0];
  const element: Record<string, string> = {
    MedicationId: 'medicationReference',
    Start: 'extension',
    End: 'extension',
  };
  const expression = field && element[field] ? `${at}.${element[field]}` : at;
  const code =
    error.statusCode === 409 ? 'conflict' : error.statusCode === 404 ? 'not-found' : 'business-rule';
  return new FhirError(error.statusCode, code, error.message, expression);
}

export interface Applied {
  result: EntryResult;
  audit: AuditEvent[];
}

/** One entry inside the transaction: create, change, stop, or nothing when it asks for what already is. */
export async function applyEntry(
  tx: Tx,
  caller: Caller,
  scope: Scope,
  input: AgreementInput,
  at: string,
  now: Date,
): Promise<Applied> {
  const patient = await findPatient(tx, input.patientId, scope);
  if (!patient)
    throw new FhirError(404, 'not-found', `Patient/${input.patientId} is not known.`, `${at}.subject`);
  let existing: AgreementRow | undefined;
  if (input.ownId !== null) {
    const own = await findAgreementRow(tx, input.ownId, scope);
    if (!own)
      throw new FhirError(
        404,
        'not-found',
        `MedicationRequest/${input.ownId} is not known.`,
        `${at}.identifier`,
      );
    existing = await currentVersionOf(tx, own);
  } else existing = await findAgreementByIdentifier(tx, input.patientId, input.identifier);
  if (existing && existing.patientId !== input.patientId)
    throw new FhirError(422, 'business-rule', 'The agreement belongs to another client.', `${at}.subject`);
  const unchanged = (id: number): Applied => ({
    result: { status: '200 OK', kind: 'unchanged', id },
    audit: [],
  });
  const done = (write: AgreementWrite, kind: EntryResult['kind']): Applied => ({
    result: { status: kind === 'stopped' ? '200 OK' : '201 Created', kind, id: write.id },
    audit: write.audit,
  });

  if (input.status !== 'active') {
    if (!existing)
      throw new FhirError(422, 'business-rule', 'An unknown agreement cannot be stopped.', `${at}.status`);
    if (isAgreementOver(existing, now)) return unchanged(existing.id);
    // Stopped now, or at the posted end when that has already passed (recorded afterwards).
    const end = input.end ? parseBoundary(input.end, 'end') : null;
    const requested = end && end < now ? end : now;
    const reason =
      input.statusReason ?? (input.status === 'stopped' ? STOPPED_BY_STATUS : COMPLETED_BY_STATUS);
    return done(
      await stopAgreementAt(tx, caller, existing, { stopType: 'stopped', reason, requested }),
      'stopped',
    );
  }

  if (existing?.stopType)
    throw new FhirError(
      409,
      'conflict',
      'This agreement was stopped; it cannot become active again.',
      `${at}.status`,
    );
  if (existing && !differs(input, existing)) return unchanged(existing.id);
  const prescriber = input.prescriber ?? existing?.prescriber;
  if (!prescriber)
    throw new FhirError(
      422,
      'required',
      'The prescriber (requester.display) is required.',
      `${at}.requester`,
    );
  const type = typeOf(input, existing);
  if (type === 'as_needed' && !input.instructions.AsNeededCriterion)
    throw new FhirError(
      422,
      'business-rule',
      'An as-needed agreement needs an as-needed dosage.',
      `${at}.dosageInstruction`,
    );
  // A change takes effect now, or at the posted start when that lies ahead; a new agreement at its start.
  const start = existing
    ? input.start && parseBoundary(input.start, 'start') > now
      ? input.start
      : undefined
    : (input.start ?? undefined);
  const values = await agreementValues(
    tx,
    {
      MedicationId: input.medicationId,
      Prescriber: prescriber,
      Type: type,
      Start: start,
      End: input.end,
      Reason: input.reason,
      Instructions: input.instructions,
      // Not in the FHIR resource: a change keeps the stored ones, a new agreement is loose and not self-managed.
      DistributionForm: existing?.distributionForm ?? 'loose',
      SelfManaged: existing?.selfManaged ?? false,
    },
    now,
  );
  if (!existing)
    return done(
      await createAgreement(
        tx,
        caller,
        { id: patient.Id, entityId: patient.EntityId },
        values,
        input.ownId === null ? input.identifier : undefined,
      ),
      'created',
    );
  return done(await changeAgreement(tx, caller, existing, values), 'changed');
}
