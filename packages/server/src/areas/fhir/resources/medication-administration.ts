import type {
  Extension,
  MedicationAdministration,
  MedicationAdministrationPerformer,
} from '@medplum/fhirtypes';
import { scopeOf } from '../../../platform/scope.ts';
import {
  bsnsOf,
  codesOf,
  commonFilter,
  ID_PARAM,
  lastUpdatedParam,
  PATIENT_IDENTIFIER_PARAM,
  PATIENT_PARAM,
  patientIdsOf,
  prune,
  type ResourceDefinition,
  type SearchPage,
  sp,
} from '../definition.ts';
import type { ParsedSearch } from '../params.ts';
import {
  accountNames,
  type AdministrationFilter,
  type AdministrationRow,
  countAdministrations,
  findAdministrations,
} from '../queries/index.ts';
import { medicationPage, ZORGPORTAAL } from './medication-request.ts';
import { practitionerReference } from './practitioner-reference.ts';

export const MP_ADMINISTRATION = 'http://nictiz.nl/fhir/StructureDefinition/mp-MedicationAdministration2';
const MP_EXT = 'http://nictiz.nl/fhir/StructureDefinition/ext-MedicationAdministration2';
const PERFORMER_FUNCTION = 'http://terminology.hl7.org/CodeSystem/med-admin-perform-function';
/** Our deviation reasons (contract DEVIATION_REASONS, after the Nictiz list). */
export const DEVIATION_SYSTEM = `${ZORGPORTAAL}/CodeSystem/deviation-reason`;
/** A correction points at the registration it corrects (corrections never overwrite, domain.md). */
export const CORRECTS_EXTENSION = `${ZORGPORTAAL}/StructureDefinition/ext-Corrects`;

const performer = (
  code: 'performer' | 'verifier',
  accountId: number,
  name: string,
): MedicationAdministrationPerformer => ({
  function: { coding: [{ system: PERFORMER_FUNCTION, code }] },
  actor: practitionerReference(accountId, name),
});

/**
 * A registration (toediening) as MedicationAdministration: who gave it and who double-checked it
 * (performer / verifier), the planned moment and amount (MP9's agreed date time and amount), the
 * deviation as statusReason, a correction's link to what it corrects.
 */
export function toMedicationAdministration(
  row: AdministrationRow,
  names: Map<number, string>,
): MedicationAdministration {
  const r = row.registration;
  const unit = row.doseUnit ?? undefined;
  const nameOf = (id: number) => names.get(id) ?? `#${id}`;
  const given = r.status === 'given' || r.status === 'partial';
  const dose = r.administeredQty ?? r.scheduledQty;
  return prune<MedicationAdministration>({
    resourceType: 'MedicationAdministration',
    id: String(r.id),
    meta: { profile: [MP_ADMINISTRATION], lastUpdated: row.lastUpdated.toISOString() },
    extension: (
      [
        r.scheduledAt
          ? { url: `${MP_EXT}.AgreedDateTime`, valueDateTime: r.scheduledAt.toISOString() }
          : null,
        r.scheduledQty !== null
          ? { url: `${MP_EXT}.AgreedAmount`, valueQuantity: { value: r.scheduledQty, unit } }
          : null,
        r.doubleCheckRequired
          ? { url: `${MP_EXT}.DoubleCheckPerformed`, valueBoolean: r.doubleCheckBy !== null }
          : null,
        r.correctsId !== null
          ? {
              url: CORRECTS_EXTENSION,
              valueReference: { reference: `MedicationAdministration/${r.correctsId}` },
            }
          : null,
      ] as (Extension | null)[]
    ).filter((e): e is Extension => e !== null),
    identifier: [{ system: `${ZORGPORTAAL}/NamingSystem/administration`, value: String(r.id) }],
    status: row.status as MedicationAdministration['status'],
    statusReason: r.deviationReason
      ? [
          {
            coding: [{ system: DEVIATION_SYSTEM, code: r.deviationReason }],
            text: r.deviationText ?? undefined,
          },
        ]
      : undefined,
    medicationReference: { reference: `Medication/${r.medicationId}` },
    subject: { reference: `Patient/${r.patientId}` },
    effectiveDateTime: (r.administeredAt ?? r.momentAt).toISOString(),
    performer: [
      performer('performer', r.recordedBy, nameOf(r.recordedBy)),
      ...(r.doubleCheckBy !== null ? [performer('verifier', r.doubleCheckBy, nameOf(r.doubleCheckBy))] : []),
    ],
    request: { reference: `MedicationRequest/${r.agreementId}` },
    note: r.note ? [{ text: r.note }] : undefined,
    // mad-1: a dosage needs a dose; a dose not given has none (its planned amount is AgreedAmount).
    dosage: given && dose !== null ? { route: { text: row.route }, dose: { value: dose, unit } } : undefined,
  });
}

function filterOf(search: ParsedSearch): AdministrationFilter {
  return {
    ...commonFilter(search),
    patientIds: patientIdsOf(search),
    bsns: bsnsOf(search, 'patient.identifier'),
    statuses: codesOf(search, 'status', 'http://hl7.org/fhir/CodeSystem/medication-admin-status'),
    effectiveTime: search.dates.get('effective-time'),
  };
}

async function mapped(ctx: Parameters<ResourceDefinition['read']>[0], rows: AdministrationRow[]) {
  const names = await accountNames(
    ctx.db,
    rows.flatMap((r) => [r.registration.recordedBy, r.registration.doubleCheckBy]),
  );
  return rows.map((r) => toMedicationAdministration(r, names));
}

const REGISTRATION_ROW = {
  id: (r: AdministrationRow) => r.registration.id,
  medicationId: (r: AdministrationRow) => r.registration.medicationId,
  patientId: (r: AdministrationRow) => r.registration.patientId,
};

/**
 * MedicationAdministration: every registration of the clients in the caller's scope (administration.read),
 * as the results overview reads them: given, deviations, corrections, withdrawals and their double checks.
 */
export const medicationAdministrationDefinition: ResourceDefinition = {
  type: 'MedicationAdministration',
  profile: MP_ADMINISTRATION,
  documentation:
    'A registration (toediening): given, partly given, a deviation, a correction or a withdrawal, with its double check.',
  permissions: ['administration.read'],
  params: [
    ID_PARAM,
    PATIENT_PARAM,
    PATIENT_IDENTIFIER_PARAM,
    {
      name: 'status',
      type: 'token',
      definition: sp('medications-status'),
      documentation: 'completed, not-done or entered-in-error (corrected or withdrawn).',
    },
    {
      name: 'effective-time',
      type: 'date',
      definition: sp('MedicationAdministration-effective-time'),
      documentation: 'When it was given, else its planned moment; prefixes eq, ge, gt, le, lt.',
    },
    lastUpdatedParam('the registration, its double check or its correction'),
  ],
  includes: ['MedicationAdministration:medication'],
  auditObject: 'administration',
  scope: (ctx) => scopeOf(ctx.request),
  async read(ctx, id) {
    const scope = await scopeOf(ctx.request);
    const rows = await findAdministrations(ctx.db, scope, { ids: [[id]] }, { after: null, limit: 1 });
    const [resource] = await mapped(ctx, rows);
    return resource && { resource, patientId: rows[0]!.registration.patientId };
  },
  async search(ctx, search, page): Promise<SearchPage> {
    const rows = await findAdministrations(ctx.db, await scopeOf(ctx.request), filterOf(search), page);
    return medicationPage(ctx, search, page, rows, REGISTRATION_ROW, (shown) => mapped(ctx, shown));
  },
  async count(ctx, search) {
    return countAdministrations(ctx.db, await scopeOf(ctx.request), filterOf(search));
  },
};
