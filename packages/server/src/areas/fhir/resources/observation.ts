import type { Observation, Quantity } from '@medplum/fhirtypes';
import { patientReadScopeOf } from '../../../platform/scope.ts';
import {
  bsnsOf,
  codesOf,
  commonFilter,
  ID_PARAM,
  lastUpdatedParam,
  pageOf,
  PATIENT_IDENTIFIER_PARAM,
  PATIENT_PARAM,
  patientIdsOf,
  prune,
  type ResourceDefinition,
  sp,
} from '../definition.ts';
import type { ParsedSearch } from '../params.ts';
import { countInrValues, findInrValues, type InrFilter, type InrRow } from '../queries/index.ts';

export const LABORATORY_TEST_RESULT =
  'http://nictiz.nl/fhir/StructureDefinition/nl-core-LaboratoryTestResult';
const CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';

/**
 * The LOINC code by specimen: a finger prick or self-test measures INR in capillary blood (34714-6), a
 * venous sample is measured in plasma (6301-6).
 */
export const INR_LOINC = {
  blood: { system: 'http://loinc.org', code: '34714-6', display: 'INR in Blood by Coagulation assay' },
  plasma: {
    system: 'http://loinc.org',
    code: '6301-6',
    display: 'INR in Platelet poor plasma by Coagulation assay',
  },
} as const;

const METHOD_TEXT = {
  venous: 'veneuze bepaling',
  fingerprick: 'vingerprik',
  selftest: 'zelfmeting',
} as const;

/** Our interpretation → HL7 v3: below L, in range N, above H; a critical value LL or HH by its side. */
function interpretationCode(v: InrRow['value']): { code: string; display: string } {
  switch (v.interpretation) {
    case 'below':
      return { code: 'L', display: 'Low' };
    case 'in':
      return { code: 'N', display: 'Normal' };
    case 'above':
      return { code: 'H', display: 'High' };
    case 'critical':
      return v.valueTenths < v.lowTenths
        ? { code: 'LL', display: 'Critical low' }
        : { code: 'HH', display: 'Critical high' };
  }
}

const inr = (tenths: number): Quantity => ({
  value: tenths / 10,
  unit: 'INR',
  system: 'http://unitsofmeasure.org',
  code: '{INR}',
});

/** An INR value as a laboratory Observation with the target range of its moment as referenceRange. */
export function toObservation({ value: v }: InrRow): Observation {
  return prune<Observation>({
    resourceType: 'Observation',
    id: String(v.id),
    meta: { profile: [LABORATORY_TEST_RESULT], lastUpdated: v.createdAt.toISOString() },
    status: 'final',
    category: [{ coding: [{ system: CATEGORY_SYSTEM, code: 'laboratory', display: 'Laboratory' }] }],
    code: { coding: [v.method === 'venous' ? INR_LOINC.plasma : INR_LOINC.blood], text: 'INR' },
    subject: { reference: `Patient/${v.patientId}` },
    effectiveDateTime: v.measuredAt.toISOString(),
    issued: v.createdAt.toISOString(),
    valueQuantity: inr(v.valueTenths),
    interpretation: [{ coding: [{ system: INTERPRETATION, ...interpretationCode(v) }] }],
    method: { text: METHOD_TEXT[v.method] },
    note: v.note ? [{ text: v.note }] : undefined,
    referenceRange: [
      {
        low: inr(v.lowTenths),
        high: inr(v.highTenths),
        type: {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/referencerange-meaning',
              code: 'treatment',
              display: 'Treatment Range',
            },
          ],
        },
        text: 'streefbereik',
      },
    ],
  });
}

/**
 * `category` and `status` are fixed for INR values (laboratory, final), so they either match every value
 * or none; they are accepted because clients filter on them.
 */
function filterOf(search: ParsedSearch): InrFilter {
  const fixed = (name: string, system: string, value: string) =>
    (codesOf(search, name, system) ?? []).every((or) => or.includes(value));
  const ok =
    fixed('category', CATEGORY_SYSTEM, 'laboratory') &&
    fixed('status', 'http://hl7.org/fhir/observation-status', 'final');
  const common = commonFilter(search);
  return {
    ...common,
    ids: ok ? common.ids : [[]],
    patientIds: patientIdsOf(search),
    bsns: bsnsOf(search, 'patient.identifier'),
    measuredAt: search.dates.get('date'),
  };
}

/** Observation: INR values, read as the trombosis screens read them (the patient read scope). */
export const observationDefinition: ResourceDefinition = {
  type: 'Observation',
  profile: LABORATORY_TEST_RESULT,
  documentation:
    'An INR value (LOINC 34714-6 capillary, 6301-6 venous) with the target range as referenceRange and H/N/L (HH/LL critical).',
  permissions: ['trombosis.read', 'medication.read'],
  params: [
    ID_PARAM,
    PATIENT_PARAM,
    PATIENT_IDENTIFIER_PARAM,
    {
      name: 'date',
      type: 'date',
      definition: sp('clinical-date'),
      documentation: 'When it was measured; prefixes eq, ge, gt, le, lt.',
    },
    {
      name: 'category',
      type: 'token',
      definition: sp('Observation-category'),
      documentation: 'Always laboratory.',
    },
    {
      name: 'status',
      type: 'token',
      definition: sp('Observation-status'),
      documentation: 'Always final.',
    },
    lastUpdatedParam('the value (entered once, never changed)'),
  ],
  includes: [],
  auditObject: 'inr_value',
  scope: async (ctx) => (await patientReadScopeOf(ctx.request)).read,
  async read(ctx, id) {
    const scope = (await patientReadScopeOf(ctx.request)).read;
    const [row] = await findInrValues(ctx.db, scope, { ids: [[id]] }, { after: null, limit: 1 });
    return row && { resource: toObservation(row), patientId: row.value.patientId };
  },
  async search(ctx, search, page) {
    const scope = (await patientReadScopeOf(ctx.request)).read;
    const { shown, nextAfter } = pageOf(
      await findInrValues(ctx.db, scope, filterOf(search), page),
      page,
      (r) => r.value.id,
    );
    return {
      matches: shown.map(toObservation),
      included: [],
      nextAfter,
      patientIds: shown.map((r) => r.value.patientId),
    };
  },
  async count(ctx, search) {
    const scope = (await patientReadScopeOf(ctx.request)).read;
    return countInrValues(ctx.db, scope, filterOf(search));
  },
};
