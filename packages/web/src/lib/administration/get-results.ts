import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { resultsSchema } from '@zorgportaal/contract';
import type { ResultsFilter } from './results-filter.ts';
import { api } from '../api-client.ts';
import { administrationKeys } from '../query-keys.ts';

/** GET /api/administration/results: counts and percentages per status and per group. */
export const getResults = (query: ResultsFilter) =>
  api.get('/api/administration/results', { schema: resultsSchema, query: { ...query } });

export const resultsQueryOptions = (query: ResultsFilter) =>
  queryOptions({ queryKey: administrationKeys.results(query), queryFn: () => getResults(query) });

export const useResults = (query: ResultsFilter, enabled = true) =>
  useQuery({ ...resultsQueryOptions(query), enabled, placeholderData: keepPreviousData });
