import type { Coding, Medication, Ratio } from '@medplum/fhirtypes';
import { commonFilter, ID_PARAM, pageOf, prune, type ResourceDefinition, sp } from '../definition.ts';
import { parseToken, type ParsedSearch } from '../params.ts';
import {
  countMedications,
  findMedications,
  type MedicationFilter,
  type MedicationRow,
  type ProductCode,
} from '../queries/index.ts';

export const PHARMACEUTICAL_PRODUCT = 'http://nictiz.nl/fhir/StructureDefinition/pharm-PharmaceuticalProduct';
export const ATC_SYSTEM = 'http://www.whocc.no/atc';
/** G-Standaard HPK (handelsproductkode). */
export const HPK_SYSTEM = 'urn:oid:2.16.840.1.113883.2.4.4.7';
export const GTIN_SYSTEM = 'https://www.gs1.org/gtin';

const SYSTEMS: Record<string, ProductCode['system']> = {
  [ATC_SYSTEM]: 'atc',
  [HPK_SYSTEM]: 'hpk',
  [GTIN_SYSTEM]: 'gtin',
};

/** "10 mg/ml" → 10 mg per 1 ml; "500 mg" → 500 mg per 1 unit of the form (a tablet). */
function strength(row: MedicationRow): Ratio {
  const [numerator, denominator] = row.strengthUnit.split('/');
  return {
    numerator: { value: row.strengthValue, unit: numerator },
    denominator: { value: 1, unit: denominator ?? row.form },
  };
}

/** A catalogue product: the codes it carries (ATC always, HPK and GTIN where known), form and strength. */
export function toFhirMedication(row: MedicationRow): Medication {
  const coding: Coding[] = [
    ...(row.hpk ? [{ system: HPK_SYSTEM, code: row.hpk, display: row.name }] : []),
    ...(row.gtin ? [{ system: GTIN_SYSTEM, code: row.gtin, display: row.name }] : []),
    { system: ATC_SYSTEM, code: row.atc, display: row.substance },
  ];
  return prune<Medication>({
    resourceType: 'Medication',
    id: String(row.id),
    meta: { profile: [PHARMACEUTICAL_PRODUCT] },
    code: { coding, text: row.name },
    form: { text: row.form },
    ingredient: [{ itemCodeableConcept: { text: row.substance }, isActive: true, strength: strength(row) }],
  });
}

function filterOf(search: ParsedSearch): MedicationFilter {
  return {
    ...commonFilter(search),
    codes: search.values.get('code')?.map((or) =>
      or.flatMap((raw) => {
        const { system, code } = parseToken(raw);
        if (system === undefined) return [{ system: 'any' as const, code }];
        const known = SYSTEMS[system];
        return known ? [{ system: known, code }] : [];
      }),
    ),
  };
}

/** Medication: the shared product catalogue (no client data, no scope, no audit entry). */
export const medicationDefinition: ResourceDefinition = {
  type: 'Medication',
  profile: PHARMACEUTICAL_PRODUCT,
  documentation: 'A product of the catalogue (pharm-PharmaceuticalProduct): ATC, HPK and GTIN where known.',
  permissions: ['medication.read', 'administration.read'],
  params: [
    ID_PARAM,
    {
      name: 'code',
      type: 'token',
      definition: sp('clinical-code'),
      documentation: `A product code: ${ATC_SYSTEM}, ${HPK_SYSTEM} or ${GTIN_SYSTEM} (or a bare code of any).`,
    },
  ],
  includes: [],
  auditObject: null,
  async read(ctx, id) {
    const [row] = await findMedications(ctx.db, { ids: [[id]] }, { after: null, limit: 1 });
    return row && { resource: toFhirMedication(row), patientId: null };
  },
  async search(ctx, search, page) {
    const { shown, nextAfter } = pageOf(
      await findMedications(ctx.db, filterOf(search), page),
      page,
      (r) => r.id,
    );
    return { matches: shown.map(toFhirMedication), included: [], nextAfter, patientIds: [] };
  },
  count: (ctx, search) => countMedications(ctx.db, filterOf(search)),
};
