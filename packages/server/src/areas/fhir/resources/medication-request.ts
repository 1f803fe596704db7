import type { Dosage, MedicationRequest, Quantity, Resource } from '@medplum/fhirtypes';
import type { Instructions } from '@zorgportaal/contract';
import { scopeOf } from '../../../platform/scope.ts';
import {
  bsnsOf,
  codesOf,
  commonFilter,
  type FhirContext,
  ID_PARAM,
  pageOf,
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
  type AgreementFilter,
  accountNames,
  type AgreementRow,
  countAgreements,
  findAgreements,
  medicationsByIds,
  type Page,
} from '../queries/index.ts';
import { toFhirMedication } from './medication.ts';
import { practitionerReference } from './practitioner-reference.ts';

export const MEDICATION_AGREEMENT = 'http://nictiz.nl/fhir/StructureDefinition/mp-MedicationAgreement';
/** Our own identifiers and codes, until the portal has an OID of its own (docs/fhir.md). */
export const ZORGPORTAAL = 'https://zorgportaal.nl/fhir';
export const PERIOD_EXTENSION = 'http://nictiz.nl/fhir/StructureDefinition/ext-TimeInterval.Period';
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const COURSE = 'http://terminology.hl7.org/CodeSystem/medicationrequest-course-of-therapy';
const COURSE_OF_TYPE: Record<string, string> = { continuous: 'continuous', temporary: 'acute' };

const quantity = (value: number, unit: string): Quantity => ({ value, unit });

/**
 * The MP9 gebruiksinstructie as dosages: the moments with the same dose form one Dosage (timeOfDay,
 * dayOfWeek), all concurrent (sequence 1), bounded by the agreement's period; an as-needed instruction
 * is a Dosage with its criterion and at most so many times a day.
 */
export function dosagesOf(
  instructions: Instructions,
  route: string,
  bounds: { start: string; end?: string },
): Dosage[] {
  const dayOfWeek = instructions.Weekdays.map((d) => WEEKDAYS[d - 1]!);
  const additionalInstruction = instructions.Note ? [{ text: instructions.Note }] : undefined;
  const byDose = new Map<number, string[]>();
  for (const m of instructions.Moments) byDose.set(m.Dose, [...(byDose.get(m.Dose) ?? []), `${m.Time}:00`]);
  const timed: Dosage[] = [...byDose].map(([dose, times]) => ({
    sequence: 1,
    additionalInstruction,
    timing: { repeat: { boundsPeriod: bounds, timeOfDay: times.sort(), dayOfWeek } },
    route: { text: route },
    doseAndRate: [{ doseQuantity: quantity(dose, instructions.DoseUnit) }],
  }));
  const asNeeded: Dosage[] = instructions.AsNeededCriterion
    ? [
        {
          sequence: 1,
          additionalInstruction,
          asNeededCodeableConcept: { text: instructions.AsNeededCriterion },
          timing: {
            repeat: {
              boundsPeriod: bounds,
              ...(instructions.AsNeededMaxPerDay
                ? { frequency: 1, frequencyMax: instructions.AsNeededMaxPerDay, period: 1, periodUnit: 'd' }
                : {}),
            },
          },
          route: { text: route },
          doseAndRate: instructions.AsNeededDose
            ? [{ doseQuantity: quantity(instructions.AsNeededDose, instructions.DoseUnit) }]
            : undefined,
        },
      ]
    : [];
  return [...timed, ...asNeeded];
}

/** An agreement (medicatieafspraak) as the MP9 MedicationAgreement on MedicationRequest. */
export function toMedicationRequest(row: AgreementRow, names: Map<number, string>): MedicationRequest {
  const a = row.agreement;
  const period = { start: a.startAt.toISOString(), end: a.endAt?.toISOString() };
  return prune<MedicationRequest>({
    resourceType: 'MedicationRequest',
    id: String(a.id),
    meta: { profile: [MEDICATION_AGREEMENT] },
    extension: [{ url: PERIOD_EXTENSION, valuePeriod: period }],
    identifier: [
      { system: `${ZORGPORTAAL}/NamingSystem/medication-agreement`, value: String(a.id) },
      // The sending system's business identifier (written through POST /fhir/R4), on the current version.
      ...(a.identifierSystem && a.identifierValue
        ? [{ system: a.identifierSystem, value: a.identifierValue }]
        : []),
    ],
    status: row.status as MedicationRequest['status'],
    statusReason: a.stopReason ? { text: a.stopReason } : undefined,
    intent: 'order',
    category: [
      {
        coding: [{ system: 'http://snomed.info/sct', code: '16076005', display: 'Prescription (procedure)' }],
      },
    ],
    medicationReference: { reference: `Medication/${a.medicationId}` },
    subject: { reference: `Patient/${a.patientId}` },
    authoredOn: a.createdAt.toISOString(),
    requester: { display: a.prescriber },
    // Who recorded it on the portal (an account); a system client's agreements have none.
    recorder: a.createdBy !== null ? practitionerReference(a.createdBy, names.get(a.createdBy)) : undefined,
    reasonCode: a.reason ? [{ text: a.reason }] : undefined,
    courseOfTherapyType: COURSE_OF_TYPE[a.type]
      ? { coding: [{ system: COURSE, code: COURSE_OF_TYPE[a.type] }] }
      : undefined,
    dosageInstruction: dosagesOf(a.instructions, row.route, period),
    priorPrescription: a.replacesId ? { reference: `MedicationRequest/${a.replacesId}` } : undefined,
  });
}

function filterOf(search: ParsedSearch): AgreementFilter {
  return {
    ...commonFilter(search),
    patientIds: patientIdsOf(search),
    bsns: bsnsOf(search, 'patient.identifier'),
    statuses: codesOf(search, 'status', 'http://hl7.org/fhir/CodeSystem/medicationrequest-status'),
    authoredOn: search.dates.get('authoredon'),
  };
}

/** The products of a page's resources, for `_include=…:medication`. */
export async function includedMedications(ctx: FhirContext, ids: number[]): Promise<Resource[]> {
  return (await medicationsByIds(ctx.db, [...new Set(ids)])).map(toFhirMedication);
}

/**
 * One page of a search whose resources name a client and a product (agreements, registrations): the
 * matches, their Medications when `_include` asks, the cursor and the clients the page names (for the log).
 */
export async function medicationPage<R>(
  ctx: FhirContext,
  search: ParsedSearch,
  page: Page,
  rows: R[],
  row: { id(r: R): number; medicationId(r: R): number; patientId(r: R): number },
  toResources: (shown: R[]) => Resource[] | Promise<Resource[]>,
): Promise<SearchPage> {
  const { shown, nextAfter } = pageOf(rows, page, row.id);
  return {
    matches: await toResources(shown),
    included: search.include ? await includedMedications(ctx, shown.map(row.medicationId)) : [],
    nextAfter,
    patientIds: shown.map(row.patientId),
  };
}

/** The agreements as resources, with the names of the accounts that recorded them. */
async function asRequests(ctx: FhirContext, rows: AgreementRow[]): Promise<MedicationRequest[]> {
  const names = await accountNames(
    ctx.db,
    rows.map((r) => r.agreement.createdBy),
  );
  return rows.map((r) => toMedicationRequest(r, names));
}

const AGREEMENT_ROW = {
  id: (r: AgreementRow) => r.agreement.id,
  medicationId: (r: AgreementRow) => r.agreement.medicationId,
  patientId: (r: AgreementRow) => r.agreement.patientId,
};

/** MedicationRequest: the agreements of the clients in the caller's scope, as the AMO (medication.read). */
export const medicationRequestDefinition: ResourceDefinition = {
  type: 'MedicationRequest',
  profile: MEDICATION_AGREEMENT,
  documentation:
    'A medication agreement (MP9 medicatieafspraak), stopped and changed ones included; dosage from the instructions.',
  permissions: ['medication.read'],
  params: [
    ID_PARAM,
    PATIENT_PARAM,
    PATIENT_IDENTIFIER_PARAM,
    {
      name: 'status',
      type: 'token',
      definition: sp('medications-status'),
      documentation: 'active, completed, stopped, on-hold or cancelled (at the time of the request).',
    },
    {
      name: 'authoredon',
      type: 'date',
      definition: sp('MedicationRequest-authoredon'),
      documentation: 'When the agreement was recorded; prefixes eq, ge, gt, le, lt.',
    },
  ],
  includes: ['MedicationRequest:medication'],
  auditObject: 'medication_agreement',
  scope: (ctx) => scopeOf(ctx.request),
  async read(ctx, id) {
    const [row] = await findAgreements(ctx.db, await scopeOf(ctx.request), { ids: [[id]] }, one, ctx.now);
    if (!row) return undefined;
    const [resource] = await asRequests(ctx, [row]);
    return { resource: resource!, patientId: row.agreement.patientId };
  },
  async search(ctx, search, page): Promise<SearchPage> {
    const rows = await findAgreements(ctx.db, await scopeOf(ctx.request), filterOf(search), page, ctx.now);
    return medicationPage(ctx, search, page, rows, AGREEMENT_ROW, (shown) => asRequests(ctx, shown));
  },
  async count(ctx, search) {
    return countAgreements(ctx.db, await scopeOf(ctx.request), filterOf(search), ctx.now);
  },
};

const one: Page = { after: null, limit: 1 };
