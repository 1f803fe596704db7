import type { MedicationDispense } from '@medplum/fhirtypes';
import { scopeOf } from '../../../platform/scope.ts';
import {
  bsnsOf,
  codesOf,
  commonFilter,
  type FhirContext,
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
  countDispenses,
  type DispenseFilter,
  type DispenseRow,
  findDispenses,
  type Page,
} from '../queries/index.ts';
import { dosagesOf, medicationPage, PERIOD_EXTENSION, ZORGPORTAAL } from './medication-request.ts';

export const MP_ADMINISTRATION_AGREEMENT =
  'http://nictiz.nl/fhir/StructureDefinition/mp-AdministrationAgreement';
/** Our identifiers of administration agreements (the id is the agreement's: one per gds agreement). */
export const ADMINISTRATION_AGREEMENT_SYSTEM = `${ZORGPORTAAL}/NamingSystem/administration-agreement`;
/** How the pharmacy supplies it: in the Baxter roll (GDS), our own code system. */
export const SUPPLY_SYSTEM = `${ZORGPORTAAL}/CodeSystem/supply-form`;

/**
 * A gds agreement as the MP9 AdministrationAgreement (toedieningsafspraak) on MedicationDispense: the
 * pharmacy's agreement to supply the agreed dose in its Baxter rolls, for the agreement's period, based on
 * the MedicationAgreement (authorizingPrescription), with the same dosage.
 */
export function toMedicationDispense(row: DispenseRow): MedicationDispense {
  const a = row.agreement;
  const period = { start: a.startAt.toISOString(), end: a.endAt?.toISOString() };
  return prune<MedicationDispense>({
    resourceType: 'MedicationDispense',
    id: String(a.id),
    meta: { profile: [MP_ADMINISTRATION_AGREEMENT], lastUpdated: row.lastUpdated.toISOString() },
    extension: [{ url: PERIOD_EXTENSION, valuePeriod: period }],
    identifier: [{ system: ADMINISTRATION_AGREEMENT_SYSTEM, value: String(a.id) }],
    status: row.status as MedicationDispense['status'],
    statusReasonCodeableConcept: a.stopReason ? { text: a.stopReason } : undefined,
    category: {
      coding: [
        {
          system: 'http://snomed.info/sct',
          code: '422037009',
          display: 'Provider medication administration instructions (procedure)',
        },
      ],
    },
    medicationReference: { reference: `Medication/${a.medicationId}` },
    subject: { reference: `Patient/${a.patientId}` },
    performer:
      row.pharmacyId !== null
        ? [{ actor: { reference: `Organization/${row.pharmacyId}`, display: row.pharmacyName ?? undefined } }]
        : undefined,
    authorizingPrescription: [{ reference: `MedicationRequest/${a.id}` }],
    type: { coding: [{ system: SUPPLY_SYSTEM, code: 'gds', display: 'Baxterrol (GDS)' }] },
    dosageInstruction: dosagesOf(a.instructions, row.route, period),
  });
}

function filterOf(search: ParsedSearch): DispenseFilter {
  return {
    ...commonFilter(search),
    patientIds: patientIdsOf(search),
    bsns: bsnsOf(search, 'patient.identifier'),
    statuses: codesOf(search, 'status', 'http://hl7.org/fhir/CodeSystem/medicationdispense-status'),
  };
}

const DISPENSE_ROW = {
  id: (r: DispenseRow) => r.agreement.id,
  medicationId: (r: DispenseRow) => r.agreement.medicationId,
  patientId: (r: DispenseRow) => r.agreement.patientId,
};

const one: Page = { after: null, limit: 1 };

/** MedicationDispense: the administration agreements of the clients in the caller's scope (medication.read). */
export const medicationDispenseDefinition: ResourceDefinition = {
  type: 'MedicationDispense',
  profile: MP_ADMINISTRATION_AGREEMENT,
  documentation:
    "An administration agreement (MP9 toedieningsafspraak): a gds agreement the client's pharmacy supplies in its Baxter rolls; id and period are the agreement's.",
  permissions: ['medication.read'],
  params: [
    ID_PARAM,
    PATIENT_PARAM,
    PATIENT_IDENTIFIER_PARAM,
    {
      name: 'status',
      type: 'token',
      definition: sp('medications-status'),
      documentation: 'in-progress (in force or to start), completed, stopped, on-hold or cancelled.',
    },
    lastUpdatedParam('the agreement was recorded, ended by a change or stopped'),
  ],
  includes: ['MedicationDispense:medication'],
  auditObject: 'administration_agreement',
  scope: (ctx) => scopeOf(ctx.request),
  async read(ctx: FhirContext, id) {
    const [row] = await findDispenses(ctx.db, await scopeOf(ctx.request), { ids: [[id]] }, one, ctx.now);
    return row && { resource: toMedicationDispense(row), patientId: row.agreement.patientId };
  },
  async search(ctx, search, page): Promise<SearchPage> {
    const rows = await findDispenses(ctx.db, await scopeOf(ctx.request), filterOf(search), page, ctx.now);
    return medicationPage(ctx, search, page, rows, DISPENSE_ROW, (shown) => shown.map(toMedicationDispense));
  },
  async count(ctx, search) {
    return countDispenses(ctx.db, await scopeOf(ctx.request), filterOf(search), ctx.now);
  },
};
