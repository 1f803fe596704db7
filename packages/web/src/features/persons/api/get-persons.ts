import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { personPageSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import type { QueryParams } from '../../../lib/http.ts';
import { personsKeys } from './query-keys.ts';

/** GET /api/personinfo: one page of the organisation's persons, searched, filtered and sorted on the server. */
export const getPersons = (query: QueryParams, signal?: AbortSignal) =>
  api.get('/api/personinfo', { schema: personPageSchema, query, signal });

export const personsQueryOptions = (query: QueryParams) =>
  queryOptions({
    queryKey: personsKeys.list(query),
    queryFn: ({ signal }) => getPersons(query, signal),
    staleTime: 0,
  });

/** The previous page stays visible while the next one loads, so the table does not jump. */
export const usePersons = (query: QueryParams) =>
  useQuery({ ...personsQueryOptions(query), placeholderData: keepPreviousData });
