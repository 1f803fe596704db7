import type { ContactPoint, Organization } from '@medplum/fhirtypes';
import { callerOf } from '../../../platform/scope.ts';
import {
  codesOf,
  commonFilter,
  ID_PARAM,
  pageOf,
  prune,
  type ResourceDefinition,
  sp,
} from '../definition.ts';
import { parseToken, type ParsedSearch } from '../params.ts';
import {
  countOrganisations,
  findOrganisations,
  type OrganisationFilter,
  type OrganisationKind,
  type OrganisationRow,
} from '../queries/index.ts';

export const NL_CORE_ORGANIZATION =
  'http://nictiz.nl/fhir/StructureDefinition/nl-core-HealthcareProvider-Organization';
export const AGB_SYSTEM = 'http://fhir.nl/fhir/NamingSystem/agb-z';
/** Our own code system of organisation kinds (until we map to the Nictiz OrganisatieTypeCodelijst). */
export const ORGANISATION_TYPE_SYSTEM = 'https://zorgportaal.nl/fhir/CodeSystem/organisation-type';

const KIND_DISPLAY: Record<OrganisationKind, string> = {
  pharmacy: 'Apotheek',
  carecenter: 'Zorgcentrum',
  'gp-practice': 'Huisartsenpraktijk',
  'trombosis-service': 'Trombosedienst',
};

/** An organisation of the portal (nl-core-HealthcareProvider-Organization): AGB, name, kind, contact. */
export function toFhirOrganization(row: OrganisationRow): Organization {
  const telecom: ContactPoint[] = [
    ...(row.phone ? [{ system: 'phone' as const, value: row.phone, use: 'work' as const }] : []),
    ...(row.email ? [{ system: 'email' as const, value: row.email, use: 'work' as const }] : []),
  ];
  return prune<Organization>({
    resourceType: 'Organization',
    id: String(row.id),
    meta: { profile: [NL_CORE_ORGANIZATION] },
    identifier: row.agb ? [{ system: AGB_SYSTEM, value: row.agb }] : [],
    active: true,
    type: row.kind
      ? [{ coding: [{ system: ORGANISATION_TYPE_SYSTEM, code: row.kind, display: KIND_DISPLAY[row.kind] }] }]
      : [],
    name: row.name,
    telecom,
  });
}

function filterOf(search: ParsedSearch): OrganisationFilter {
  return {
    ...commonFilter(search),
    agbs: search.values.get('identifier')?.map((or) =>
      or
        .map(parseToken)
        .filter(({ system }) => system === undefined || system === AGB_SYSTEM)
        .map(({ code }) => code),
    ),
    names: search.values.get('name'),
    kinds: codesOf(search, 'type', ORGANISATION_TYPE_SYSTEM),
  };
}

/**
 * Organization: the caller's own organisation and those it has an active network link with (either side),
 * as the Zorgnetwerk shows them; no client data, so no audit entry.
 */
export const organizationDefinition: ResourceDefinition = {
  type: 'Organization',
  profile: NL_CORE_ORGANIZATION,
  documentation:
    "An organisation of the portal (nl-core-HealthcareProvider-Organization): the caller's own and those it has an active network link with.",
  permissions: ['medication.read', 'administration.read', 'trombosis.read'],
  params: [
    ID_PARAM,
    {
      name: 'identifier',
      type: 'token',
      definition: sp('Organization-identifier'),
      documentation: `The AGB code: ${AGB_SYSTEM}|{agb} (or the bare code).`,
    },
    {
      name: 'name',
      type: 'string',
      definition: sp('Organization-name'),
      documentation: 'The name starts with the value (case-insensitive); comma-separated values are ORed.',
    },
    {
      name: 'type',
      type: 'token',
      definition: sp('Organization-type'),
      documentation: `The kind: ${ORGANISATION_TYPE_SYSTEM}|pharmacy, carecenter, gp-practice or trombosis-service.`,
    },
  ],
  includes: [],
  auditObject: null,
  async read(ctx, id) {
    const entityId = callerOf(ctx.request).entityId;
    const [row] = await findOrganisations(ctx.db, entityId, { ids: [[id]] }, { after: null, limit: 1 });
    return row && { resource: toFhirOrganization(row), patientId: null };
  },
  async search(ctx, search, page) {
    const entityId = callerOf(ctx.request).entityId;
    const { shown, nextAfter } = pageOf(
      await findOrganisations(ctx.db, entityId, filterOf(search), page),
      page,
      (r) => r.id,
    );
    return { matches: shown.map(toFhirOrganization), included: [], nextAfter, patientIds: [] };
  },
  count: (ctx, search) => countOrganisations(ctx.db, callerOf(ctx.request).entityId, filterOf(search)),
};
