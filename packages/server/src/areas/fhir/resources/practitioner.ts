import type { HumanName, Practitioner, PractitionerRole } from '@medplum/fhirtypes';
import { callerOf, scopeOf } from '../../../platform/scope.ts';
import { mayUse } from '../access.ts';
import {
  commonFilter,
  type FhirContext,
  ID_PARAM,
  pageOf,
  prune,
  type ResourceDefinition,
  sp,
} from '../definition.ts';
import { type ParsedSearch, referenceId } from '../params.ts';
import {
  countPractitioners,
  findPractitioners,
  type Page,
  type PractitionerFilter,
  type PractitionerRow,
  type PractitionerVisibility,
} from '../queries/index.ts';
import { medicationAdministrationDefinition } from './medication-administration.ts';
import { medicationRequestDefinition } from './medication-request.ts';
import { practitionerReference } from './practitioner-reference.ts';

export const NL_CORE_PRACTITIONER =
  'http://nictiz.nl/fhir/StructureDefinition/nl-core-HealthProfessional-Practitioner';
export const NL_CORE_PRACTITIONER_ROLE =
  'http://nictiz.nl/fhir/StructureDefinition/nl-core-HealthProfessional-PractitionerRole';

/** The name as the portal shows it (first names, voorvoegsel, last name); none for an account without a person. */
export function practitionerName(row: {
  firstNames: string | null;
  lastNamePrefix: string | null;
  lastName: string | null;
}): HumanName | undefined {
  if (row.lastName === null) return undefined;
  const family = [row.lastNamePrefix, row.lastName].filter(Boolean).join(' ');
  return prune<HumanName>({
    use: 'official',
    text: [row.firstNames, family].filter(Boolean).join(' '),
    family,
    given: (row.firstNames ?? '').split(/\s+/).filter(Boolean),
  });
}

/** An account of the portal as Practitioner (nl-core-HealthProfessional-Practitioner): its person's name. */
export function toPractitioner(row: PractitionerRow): Practitioner {
  return prune<Practitioner>({
    resourceType: 'Practitioner',
    id: String(row.id),
    meta: { profile: [NL_CORE_PRACTITIONER] },
    active: row.active,
    name: [practitionerName(row)].filter((n): n is HumanName => n !== undefined),
  });
}

/** The account's place in its organisation as PractitionerRole: the practitioner, the organisation, its roles. */
export function toPractitionerRole(row: PractitionerRow): PractitionerRole {
  return prune<PractitionerRole>({
    resourceType: 'PractitionerRole',
    id: String(row.id),
    meta: { profile: [NL_CORE_PRACTITIONER_ROLE] },
    active: row.active,
    practitioner: practitionerReference(row.id, practitionerName(row)?.text),
    organization: { reference: `Organization/${row.entityId}`, display: row.entityName },
    code: row.roles.map((role) => ({ text: role })),
  });
}

/**
 * Whom the caller sees (docs/fhir.md, "Practitioner"): its own organisation's accounts, and the authors of
 * the agreements and registrations it may read (each only with that type's permission or scope).
 */
async function visibilityOf(ctx: FhirContext): Promise<PractitionerVisibility> {
  const caller = callerOf(ctx.request);
  return {
    entityId: caller.entityId,
    scope: await scopeOf(ctx.request),
    agreements: mayUse(caller, medicationRequestDefinition, 's'),
    administrations: mayUse(caller, medicationAdministrationDefinition, 's'),
  };
}

const references = (search: ParsedSearch, name: string, type: string) =>
  search.values
    .get(name)
    ?.map((or) => or.map((v) => referenceId(name, v, type)).filter((id): id is number => id !== null));

function filterOf(search: ParsedSearch): PractitionerFilter {
  const common = commonFilter(search);
  const practitioners = references(search, 'practitioner', 'Practitioner');
  return {
    ...common,
    // A role's id is its practitioner's: `practitioner` narrows the same ids as `_id`.
    ids: common.ids || practitioners ? [...(common.ids ?? []), ...(practitioners ?? [])] : undefined,
    names: search.values.get('name'),
    organisations: references(search, 'organization', 'Organization'),
  };
}

/** Read, search and count of one of the two types over the same rows. */
function accountsAs(
  map: (row: PractitionerRow) => Practitioner | PractitionerRole,
): Pick<ResourceDefinition, 'read' | 'search' | 'count'> {
  return {
    async read(ctx, id) {
      const one: Page = { after: null, limit: 1 };
      const [row] = await findPractitioners(ctx.db, await visibilityOf(ctx), { ids: [[id]] }, one);
      return row && { resource: map(row), patientId: null };
    },
    async search(ctx, search, page) {
      const rows = await findPractitioners(ctx.db, await visibilityOf(ctx), filterOf(search), page);
      const { shown, nextAfter } = pageOf(rows, page, (r) => r.id);
      return { matches: shown.map(map), included: [], nextAfter, patientIds: [] };
    },
    count: async (ctx, search) => countPractitioners(ctx.db, await visibilityOf(ctx), filterOf(search)),
  };
}

const PERMISSIONS = ['medication.read', 'administration.read'] as const;

/** Practitioner: the people who recorded agreements and registrations (accounts), as the caller may see them. */
export const practitionerDefinition: ResourceDefinition = {
  type: 'Practitioner',
  profile: NL_CORE_PRACTITIONER,
  documentation:
    "A care professional with an account: the caller's own organisation's, and the authors of the agreements and registrations it may read.",
  permissions: PERMISSIONS,
  params: [
    ID_PARAM,
    {
      name: 'name',
      type: 'string',
      definition: sp('Practitioner-name'),
      documentation:
        'First names, last name or voorvoegsel + last name start with the value (case-insensitive).',
    },
  ],
  includes: [],
  auditObject: 'account',
  ...accountsAs(toPractitioner),
};

/** PractitionerRole: the same accounts in their organisation, with their roles. */
export const practitionerRoleDefinition: ResourceDefinition = {
  type: 'PractitionerRole',
  profile: NL_CORE_PRACTITIONER_ROLE,
  documentation:
    'The practitioner in its organisation with its roles; its id is the Practitioner id (one organisation per account).',
  permissions: PERMISSIONS,
  params: [
    ID_PARAM,
    {
      name: 'practitioner',
      type: 'reference',
      definition: sp('PractitionerRole-practitioner'),
      documentation: 'Practitioner/{id} (or the bare id).',
    },
    {
      name: 'organization',
      type: 'reference',
      definition: sp('PractitionerRole-organization'),
      documentation: 'Organization/{id} (or the bare id).',
    },
  ],
  includes: [],
  auditObject: 'account',
  ...accountsAs(toPractitionerRole),
};
