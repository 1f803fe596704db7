import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { medicationListSchema } from '@zorgportaal/contract';

export interface CatalogueSearch {
  q?: string;
  limit?: number;
}
import { api } from '../../../lib/api-client.ts';
import { administrationResultsKeys } from './query-keys.ts';

/** GET /api/medication/catalogue: the product filter of the results overview. */
export const searchCatalogue = (query: CatalogueSearch) =>
  api.get('/api/medication/catalogue', { schema: medicationListSchema, query: { ...query } });

export const catalogueSearchQueryOptions = (query: CatalogueSearch) =>
  queryOptions({
    queryKey: administrationResultsKeys.catalogue(query),
    queryFn: () => searchCatalogue(query),
  });

export const useCatalogueSearch = (query: CatalogueSearch) =>
  useQuery({ ...catalogueSearchQueryOptions(query), placeholderData: keepPreviousData });
