import type { Bundle } from '@medplum/fhirtypes';
import { AUDIT_ACTIONS, AUDIT_OBJECTS } from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import type { AuditEvent } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { HttpError, isUniqueViolation } from '../../../platform/errors.ts';
import { callerOf, type Scope, scopeOf } from '../../../platform/scope.ts';
import type { Caller } from '../../../platform/types.ts';
import { asChangeConflict, findPatient } from '../../medication/public.ts';
import { FhirError } from '../outcome.ts';
import type { AgreementInput } from './agreement-input.ts';
import { type Applied, applyEntry, type EntryResult, entryError } from './transaction.ts';

/**
 * Who writes a transaction and where its audit entries go: the request's caller (POST /fhir/R4), or an
 * organisation's integration (an `mp9` run, areas/integrations), which has no request.
 */
export interface TransactionWriter {
  db: Db;
  caller: Caller;
  /** Whose clients it may write: the caller's scope, as the JSON API's create. */
  scope: Scope;
  audit(events: AuditEvent[]): Promise<void>;
}

/** The answer, and per entry what it did and to which client. */
export interface TransactionOutcome {
  bundle: Bundle;
  entries: (EntryResult & { patientId: number })[];
}

/**
 * The transaction (docs/fhir.md "Write"): every entry through the medication area's own create, change and
 * stop, all in one database transaction, so a bad entry stores nothing. The audit entries are written once
 * it is committed. Throws a FhirError naming the entry and element.
 */
export async function applyTransaction(
  writer: TransactionWriter,
  inputs: AgreementInput[],
): Promise<TransactionOutcome> {
  const { db, caller, scope } = writer;
  const now = new Date();
  // The clients first, outside the transaction: another organisation's is refused and logged as such.
  for (const [i, input] of inputs.entries()) {
    if (await findPatient(db, input.patientId, scope)) continue;
    await writer.audit([
      {
        action: AUDIT_ACTIONS.create,
        outcome: 'refused',
        objectType: AUDIT_OBJECTS.patient,
        objectId: input.patientId,
        detail: { route: '/fhir/R4', method: 'POST' },
      },
    ]);
    throw new FhirError(
      404,
      'not-found',
      `Patient/${input.patientId} is not known.`,
      `Bundle.entry[${i}].resource.subject`,
    );
  }
  const applied = await db
    .transaction(async (tx) => {
      const out: Applied[] = [];
      for (const [i, input] of inputs.entries()) {
        const at = `Bundle.entry[${i}].resource`;
        try {
          out.push(await applyEntry(tx, caller, scope, input, at, now));
        } catch (error) {
          throw entryError(error, at);
        }
      }
      return out;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'medication_agreements_identifier_idx'))
        throw new FhirError(409, 'conflict', 'Another request wrote the same agreement at the same time.');
      const mapped = asChangeConflict(error);
      throw mapped instanceof HttpError ? new FhirError(409, 'conflict', mapped.message) : error;
    });
  await writer.audit(applied.flatMap((a) => a.audit));
  return {
    bundle: {
      resourceType: 'Bundle',
      type: 'transaction-response',
      entry: applied.map(({ result }) => ({
        response: { status: result.status, location: `MedicationRequest/${result.id}` },
      })),
    },
    entries: applied.map(({ result }, i) => ({ ...result, patientId: inputs[i]!.patientId })),
  };
}

/** POST /fhir/R4: the transaction as the request's caller, in its scope, audited on its request. */
export async function runTransaction(request: FastifyRequest, inputs: AgreementInput[]): Promise<Bundle> {
  const app = request.server;
  const writer: TransactionWriter = {
    db: app.db,
    caller: callerOf(request),
    scope: await scopeOf(request),
    audit: (events) => app.audit.recordMany(request, events),
  };
  return (await applyTransaction(writer, inputs)).bundle;
}
