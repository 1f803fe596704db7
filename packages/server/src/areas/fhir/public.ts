/** What other areas may use of this area (functions and types). */
import { FhirError } from './outcome.ts';
import { applyTransaction, type TransactionWriter } from './write/run.ts';
import { parseTransaction } from './write/transaction.ts';

export type { TransactionWriter } from './write/run.ts';

/** What one entry of an applied Bundle did, to which client, under which business identifier. */
export interface AppliedAgreementEntry {
  kind: 'created' | 'changed' | 'stopped' | 'unchanged';
  /** The agreement (the new version after a change). */
  id: number;
  patientId: number;
  /** The entry's business identifier value. */
  reference: string;
}

export type AgreementBundleResult =
  | { ok: true; entries: AppliedAgreementEntry[] }
  | { ok: false; status: number; message: string; expression: string | null };

/**
 * Applies a transaction Bundle of MP9 MedicationAgreements exactly as POST /fhir/R4 does (docs/fhir.md
 * "Write"): the same checks, all or nothing, idempotent by business identifier, the writer's audit. A
 * refused Bundle writes nothing and says why, naming the entry and element.
 */
export async function applyAgreementBundle(
  writer: TransactionWriter,
  body: unknown,
): Promise<AgreementBundleResult> {
  try {
    const inputs = parseTransaction(body);
    const outcome = await applyTransaction(writer, inputs);
    return {
      ok: true,
      entries: outcome.entries.map((entry, i) => ({
        kind: entry.kind,
        id: entry.id,
        patientId: entry.patientId,
        reference: inputs[i]!.identifier.value,
      })),
    };
  } catch (error) {
    if (!(error instanceof FhirError)) throw error;
    return {
      ok: false,
      status: error.statusCode,
      message: error.message,
      expression: error.expression ?? null,
    };
  }
}
