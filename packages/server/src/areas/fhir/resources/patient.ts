import type { Extension, HumanName, Patient } from '@medplum/fhirtypes';
import { patientReadScopeOf } from '../../../platform/scope.ts';
import {
  BSN_SYSTEM,
  bsnsOf,
  commonFilter,
  ID_PARAM,
  lastUpdatedParam,
  pageOf,
  prune,
  type ResourceDefinition,
  sp,
} from '../definition.ts';
import { countPatients, findPatients, type PatientRow } from '../queries/index.ts';
import { AGB_SYSTEM } from './organization.ts';

export const NL_CORE_PATIENT = 'http://nictiz.nl/fhir/StructureDefinition/nl-core-Patient';
const EXT = 'http://hl7.org/fhir/StructureDefinition/';

const stringExt = (name: string, value: string | null): Extension | null =>
  value ? { url: `${EXT}${name}`, valueString: value } : null;

/**
 * The name as nl-core-NameInformation splits it: `family` is the own family name as the portal shows it
 * (assembly order NL1, own name), its parts — voorvoegsel (prefix) and name, the partner's too — in the
 * humanname extensions on `family`; the first names are official given names (qualifier BR).
 */
export function dutchName(row: PatientRow): HumanName {
  const own = [row.lastNamePrefix, row.lastName].filter((p) => p?.trim()).join(' ');
  const given = row.firstNames.split(/\s+/).filter(Boolean);
  const parts: (Extension | null)[] = [
    stringExt('humanname-own-prefix', row.lastNamePrefix),
    stringExt('humanname-own-name', row.lastName),
    stringExt('humanname-partner-prefix', row.partnerPrefix),
    stringExt('humanname-partner-name', row.partnerLastName),
  ];
  return {
    extension: [{ url: `${EXT}humanname-assembly-order`, valueCode: 'NL1' }],
    use: 'official',
    text: [...given, own].join(' '),
    family: own,
    _family: { extension: parts.filter((p): p is Extension => p !== null) },
    given,
    _given: given.map(() => ({
      extension: [{ url: `${EXT}iso21090-EN-qualifier`, valueCode: 'BR' }],
    })),
  } as HumanName;
}

export function toFhirPatient(row: PatientRow): Patient {
  return prune<Patient>({
    resourceType: 'Patient',
    id: String(row.id),
    meta: { profile: [NL_CORE_PATIENT], lastUpdated: row.lastUpdated.toISOString() },
    // Null only for a purged client: the identity is gone, the record stays.
    identifier: row.bsn ? [{ system: BSN_SYSTEM, value: row.bsn }] : [],
    active: row.active,
    name: [dutchName(row)],
    birthDate: row.dateOfBirth ?? undefined,
    // The care centre is always one the caller sees as an Organization (its own or a linked one).
    managingOrganization: {
      reference: `Organization/${row.careCentreId}`,
      type: 'Organization',
      display: row.careCentre,
      identifier: row.careCentreAgb ? { system: AGB_SYSTEM, value: row.careCentreAgb } : undefined,
    },
  });
}

/**
 * Patient: the clients the caller may read, exactly as `/api/patient/{id}` (the patient read scope:
 * medication.read over its own scope, trombosis.read over the care centres the service serves).
 */
export const patientDefinition: ResourceDefinition = {
  type: 'Patient',
  profile: NL_CORE_PATIENT,
  documentation: 'A client of a care centre (nl-core-Patient): BSN, name parts, birth date.',
  permissions: ['medication.read', 'trombosis.read'],
  params: [
    ID_PARAM,
    {
      name: 'identifier',
      type: 'token',
      definition: sp('Patient-identifier'),
      documentation: `The BSN: ${BSN_SYSTEM}|{bsn} (or the bare number).`,
    },
    lastUpdatedParam('the client or its name'),
  ],
  includes: [],
  auditObject: 'patient',
  scope: async (ctx) => (await patientReadScopeOf(ctx.request)).read,
  async read(ctx, id) {
    const scope = (await patientReadScopeOf(ctx.request)).read;
    const [row] = await findPatients(ctx.db, scope, { ids: [[id]] }, { after: null, limit: 1 });
    return row && { resource: toFhirPatient(row), patientId: row.id };
  },
  async search(ctx, search, page) {
    const scope = (await patientReadScopeOf(ctx.request)).read;
    const filter = { ...commonFilter(search), bsns: bsnsOf(search, 'identifier') };
    const { shown, nextAfter } = pageOf(await findPatients(ctx.db, scope, filter, page), page, (r) => r.id);
    return { matches: shown.map(toFhirPatient), included: [], nextAfter, patientIds: shown.map((r) => r.id) };
  },
  async count(ctx, search) {
    const scope = (await patientReadScopeOf(ctx.request)).read;
    return countPatients(ctx.db, scope, { ...commonFilter(search), bsns: bsnsOf(search, 'identifier') });
  },
};
