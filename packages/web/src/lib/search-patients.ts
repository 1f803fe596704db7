import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { patientListSchema } from '@zorgportaal/contract';
import { api } from './api-client.ts';
import { patientKeys } from './query-keys.ts';
import { SEARCH_DEBOUNCE_MS } from './search-catalogue.ts';

/** How many clients one search shows. */
export const PATIENT_SEARCH_LIMIT = 30;

/**
 * GET /api/patients as the user types (name, BSN or room), optionally on one department: the AMO's
 * patient picker, an order's client and the results overview's filter. One cache below
 * `patientKeys.searches()`, which a saved client refreshes. With `requireText` nothing is asked
 * before something is typed (the global client search, which has no list to show).
 */
export function usePatientSearch(text: string, departmentId?: number, requireText = false) {
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const query = { q: debounced || undefined, departmentId, limit: PATIENT_SEARCH_LIMIT };
  return useQuery({
    queryKey: patientKeys.search(query),
    queryFn: ({ signal }) => api.get('/api/patients', { schema: patientListSchema, query, signal }),
    enabled: !requireText || debounced !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * Every client the caller may see, for a picker without search (a message's client, the prescriber's
 * Terugblikken): the server's scope decides, at most 200.
 */
export const usePatientChoices = (enabled = true) =>
  useQuery({
    queryKey: patientKeys.choices(),
    queryFn: ({ signal }) =>
      api.get('/api/patients', { schema: patientListSchema, query: { limit: 200 }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
