import type { Bundle, BundleLink, Resource } from '@medplum/fhirtypes';
import type { SearchPage } from './definition.ts';

/** A searchset Bundle: the matches, then what `_include` added, with self and next links. */
export function searchset(
  base: string,
  type: string,
  selfQuery: string,
  page: SearchPage,
  nextQuery: string | null,
  total: number | undefined,
): Bundle {
  const url = (query: string) => `${base}/${type}${query ? `?${query}` : ''}`;
  const link: BundleLink[] = [{ relation: 'self', url: url(selfQuery) }];
  if (nextQuery !== null) link.push({ relation: 'next', url: url(nextQuery) });
  const entry = (mode: 'match' | 'include') => (resource: Resource) => ({
    fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
    resource,
    search: { mode },
  });
  const entries = [...page.matches.map(entry('match')), ...page.included.map(entry('include'))];
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    ...(total === undefined ? {} : { total }),
    link,
    ...(entries.length ? { entry: entries } : {}),
  };
}

/** `_summary=count`: the number of matches only. */
export const countBundle = (base: string, type: string, selfQuery: string, total: number): Bundle => ({
  resourceType: 'Bundle',
  type: 'searchset',
  total,
  link: [{ relation: 'self', url: `${base}/${type}?${selfQuery}` }],
});
