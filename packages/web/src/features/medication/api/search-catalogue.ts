import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { medicationListSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { amoKeys } from './query-keys.ts';

/** GET /api/medication/catalogue: products by name, substance or ATC code. */
export const searchCatalogue = (q: string) =>
  api.get('/api/medication/catalogue', {
    schema: medicationListSchema,
    query: { q: q || undefined, limit: 25 },
  });

export const catalogueQueryOptions = (q: string) =>
  queryOptions({
    queryKey: amoKeys.catalogue(q),
    queryFn: () => searchCatalogue(q),
    staleTime: 300_000,
  });

export const useCatalogueSearch = (q: string) =>
  useQuery({ ...catalogueQueryOptions(q), placeholderData: keepPreviousData });
