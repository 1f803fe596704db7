import type { Resource } from '@medplum/fhirtypes';
import type { AuditObjectType, Permission } from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import type { Scope } from '../../platform/scope.ts';
import { type ParsedSearch, numericId, parseToken, referenceId, type SearchParamDef } from './params.ts';
import type { CommonFilter, Page } from './queries/index.ts';

/** One request's FHIR context: the database, the caller's request, the base URL of links and the clock. */
export interface FhirContext {
  request: FastifyRequest;
  db: Db;
  /** Absolute base of this endpoint, e.g. `https://portal.example/fhir/R4` (links and fullUrl). */
  base: string;
  now: Date;
}

/** A page of a search: the matches, what `_include` adds, and the clients the page shows (audit). */
export interface SearchPage {
  matches: Resource[];
  included: Resource[];
  /** The id of the last match when another page follows, else null. */
  nextAfter: number | null;
  patientIds: number[];
}

/**
 * A resource type the endpoint serves: its profile, who may read it, its search parameters, and how it
 * is read, searched and counted. The CapabilityStatement is built from these, so it lists exactly what
 * the routes do.
 */
export interface ResourceDefinition {
  type:
    | 'Patient'
    | 'Organization'
    | 'Medication'
    | 'MedicationRequest'
    | 'MedicationAdministration'
    | 'Observation'
    | 'Practitioner'
    | 'PractitionerRole'
    | 'MedicationDispense';
  profile: string;
  documentation: string;
  /** Any one of these permissions (else 403). */
  permissions: readonly Permission[];
  params: readonly SearchParamDef[];
  includes: readonly string[];
  /** The audit object a read of one resource is logged as; null: no patient data (the catalogue). */
  auditObject: AuditObjectType | null;
  /** Whose clients the caller sees through this type (patient-bound types): refused `patient` references are logged. */
  scope?: (ctx: FhirContext) => Promise<Scope>;
  read(ctx: FhirContext, id: number): Promise<{ resource: Resource; patientId: number | null } | undefined>;
  search(ctx: FhirContext, search: ParsedSearch, page: Page): Promise<SearchPage>;
  count(ctx: FhirContext, search: ParsedSearch): Promise<number>;
}

/** The FHIR R4 base search parameter definitions we implement, by their canonical URL. */
export const sp = (id: string) => `http://hl7.org/fhir/SearchParameter/${id}`;

export const ID_PARAM: SearchParamDef = {
  name: '_id',
  type: 'token',
  definition: sp('Resource-id'),
  documentation: 'The logical id; comma-separated ids are ORed.',
};

export const lastUpdatedParam = (what: string): SearchParamDef => ({
  name: '_lastUpdated',
  type: 'date',
  definition: sp('Resource-lastUpdated'),
  documentation: `When ${what} last changed (meta.lastUpdated); prefixes eq, ge, gt, le, lt.`,
});

export const PATIENT_PARAM: SearchParamDef = {
  name: 'patient',
  type: 'reference',
  definition: sp('clinical-patient'),
  documentation: 'Patient/{id} (or the bare id); comma-separated references are ORed.',
};

export const PATIENT_IDENTIFIER_PARAM: SearchParamDef = {
  name: 'patient.identifier',
  type: 'token',
  definition: sp('Patient-identifier'),
  documentation: 'The client by BSN: http://fhir.nl/fhir/NamingSystem/bsn|{bsn} (chained search on patient).',
};

export const BSN_SYSTEM = 'http://fhir.nl/fhir/NamingSystem/bsn';

/** `_id` and `_lastUpdated`, the filters every type shares. */
export function commonFilter(search: ParsedSearch): CommonFilter {
  return {
    ids: search.values.get('_id')?.map((or) => or.map(numericId).filter((id): id is number => id !== null)),
    lastUpdated: search.dates.get('_lastUpdated'),
  };
}

/** BSN tokens: the BSN system or no system at all; another system matches nothing. */
export function bsnsOf(search: ParsedSearch, name: string): string[][] | undefined {
  return search.values.get(name)?.map((or) =>
    or
      .map(parseToken)
      .filter(({ system }) => system === undefined || system === BSN_SYSTEM)
      .map(({ code }) => code),
  );
}

/** `patient` references as client ids (a reference to another type is a 400, an impossible id matches nothing). */
export function patientIdsOf(search: ParsedSearch): number[][] | undefined {
  return search.values
    .get('patient')
    ?.map((or) =>
      or.map((v) => referenceId('patient', v, 'Patient')).filter((id): id is number => id !== null),
    );
}

/** Token values of a parameter as codes, for a code system of our own (`status`): a system is not expected. */
export function codesOf(search: ParsedSearch, name: string, system?: string): string[][] | undefined {
  return search.values.get(name)?.map((or) =>
    or
      .map(parseToken)
      .filter((token) => token.system === undefined || token.system === system)
      .map(({ code }) => code),
  );
}

/** Drops what FHIR forbids in JSON: null, undefined, empty strings, empty arrays and empty objects. */
export function prune<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.map(prune).filter((v) => !isEmpty(v)) as T;
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const pruned = prune(v);
      if (!isEmpty(pruned)) out[key] = pruned;
    }
    return out as T;
  }
  return value;
}

function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object' && !(v instanceof Date)) return Object.keys(v).length === 0;
  return false;
}

/** The rows a page shows (the query asked one more) and the keyset of the next page, if any. */
export function pageOf<T>(rows: T[], page: Page, idOf: (row: T) => number) {
  const shown = rows.slice(0, page.limit - 1);
  const nextAfter = rows.length >= page.limit && shown.length ? idOf(shown.at(-1)!) : null;
  return { shown, nextAfter };
}
