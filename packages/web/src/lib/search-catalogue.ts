import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { medicationListSchema } from '@zorgportaal/contract';
import { api } from './api-client.ts';
import { catalogueKeys } from './query-keys.ts';

/** How many products one search shows (the server's default; it caps a search at 100). */
export const CATALOGUE_SEARCH_LIMIT = 25;
/** Typing pauses this long before a search is sent (one call per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * GET /api/medication/catalogue as the user types: products by name, substance or ATC code, the first
 * CATALOGUE_SEARCH_LIMIT. One cache for every picker (the AMO, an order line, the results filter): the
 * catalogue is not patient data and changes rarely, so a search stays fresh for five minutes.
 */
export function useCatalogueSearch(text: string) {
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const q = debounced || undefined;
  return useQuery({
    queryKey: catalogueKeys.search(q),
    queryFn: ({ signal }) =>
      api.get('/api/medication/catalogue', {
        schema: medicationListSchema,
        query: { q, limit: CATALOGUE_SEARCH_LIMIT },
        signal,
      }),
    staleTime: 300_000,
    placeholderData: keepPreviousData,
  });
}
