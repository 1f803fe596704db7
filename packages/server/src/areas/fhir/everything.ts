import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';
import { callerOf } from '../../platform/scope.ts';
import { mayUse } from './access.ts';
import type { FhirContext, ResourceDefinition } from './definition.ts';
import type { ParsedSearch } from './params.ts';
import type { Page } from './queries/index.ts';
import { includedMedications } from './resources/medication-request.ts';
import { medicationAdministrationDefinition } from './resources/medication-administration.ts';
import { medicationDispenseDefinition } from './resources/medication-dispense.ts';
import { medicationRequestDefinition } from './resources/medication-request.ts';
import { medicationDefinition } from './resources/medication.ts';
import { observationDefinition } from './resources/observation.ts';
import { patientDefinition } from './resources/patient.ts';

export const EVERYTHING_OPERATION = '$everything';

/** The client's record beside the Patient: each type searched with `patient`, in its own scope. */
const RECORD_TYPES: readonly ResourceDefinition[] = [
  medicationRequestDefinition,
  medicationDispenseDefinition,
  medicationAdministrationDefinition,
  observationDefinition,
];

/** Rows per query while reading a type whole (the keyset pages of the search, not sent as pages). */
const BATCH = 500;

/** A search for one client's resources, as if `?patient={id}` had been asked. */
const byPatient = (id: number): ParsedSearch => ({
  values: new Map([['patient', [[String(id)]]]]),
  dates: new Map(),
  count: BATCH,
  summaryCount: false,
  include: false,
  cursor: null,
  canonical: `patient=${id}`,
});

/** Every resource of the type for the client, following the keyset to the end. */
async function allOf(ctx: FhirContext, definition: ResourceDefinition, id: number): Promise<Resource[]> {
  const out: Resource[] = [];
  let page: Page = { after: null, limit: BATCH + 1 };
  for (;;) {
    const result = await definition.search(ctx, byPatient(id), page);
    out.push(...result.matches);
    if (result.nextAfter === null) return out;
    page = { after: result.nextAfter, limit: BATCH + 1 };
  }
}

const medicationIdOf = (resource: Resource): number | null => {
  const reference = (resource as { medicationReference?: { reference?: string } }).medicationReference
    ?.reference;
  const match = reference ? /^Medication\/(\d+)$/.exec(reference) : null;
  return match ? Number(match[1]) : null;
};

/**
 * `Patient/{id}/$everything` (FHIR R4 Patient-everything): the client's whole medication record as one
 * `searchset` Bundle: the Patient, its MedicationRequests, MedicationDispenses (administration agreements), MedicationAdministrations and Observations
 * (INR), and the Medications they reference. Each type is read exactly as its own search would read it
 * (the caller's scope for that type); a type the caller may not read (a user's permission, a system
 * client's scope) is left out, as the operation's definition allows. Undefined when the client is not in
 * the caller's patient read scope (404).
 */
export async function patientEverything(
  ctx: FhirContext,
  id: number,
): Promise<{ bundle: Bundle; counts: Record<string, number> } | undefined> {
  const patient = await patientDefinition.read(ctx, id);
  if (!patient) return undefined;
  const caller = callerOf(ctx.request);
  const record: Resource[] = [];
  const counts: Record<string, number> = { Patient: 1 };
  for (const definition of RECORD_TYPES) {
    if (!mayUse(caller, definition, 's')) continue;
    const resources = await allOf(ctx, definition, id);
    counts[definition.type] = resources.length;
    record.push(...resources);
  }
  const medications = mayUse(caller, medicationDefinition, 'r')
    ? await includedMedications(
        ctx,
        record.map(medicationIdOf).filter((m): m is number => m !== null),
      )
    : [];
  counts.Medication = medications.length;
  const entry =
    (mode: 'match' | 'include') =>
    (resource: Resource): BundleEntry => ({
      fullUrl: `${ctx.base}/${resource.resourceType}/${resource.id}`,
      resource,
      search: { mode },
    });
  const entries = [
    entry('match')(patient.resource),
    ...record.map(entry('match')),
    ...medications.map(entry('include')),
  ];
  return {
    bundle: {
      resourceType: 'Bundle',
      type: 'searchset',
      // A searchset's total counts the matches, not what was included (R4 Bundle.total).
      total: 1 + record.length,
      link: [{ relation: 'self', url: `${ctx.base}/Patient/${id}/${EVERYTHING_OPERATION}` }],
      entry: entries,
    },
    counts,
  };
}
