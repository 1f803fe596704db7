import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { trashPageSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { trashKeys } from './query-keys.ts';

export interface TrashQuery {
  q?: string;
  page: number;
  pageSize: number;
}

/** GET /api/trash: deleted persons, with who deleted them and when. */
export const getTrash = (query: TrashQuery, signal?: AbortSignal) =>
  api.get('/api/trash', { schema: trashPageSchema, query: { ...query }, signal });

export const trashQueryOptions = (query: TrashQuery) =>
  queryOptions({
    queryKey: trashKeys.list(query),
    queryFn: ({ signal }) => getTrash(query, signal),
    staleTime: 0,
  });

export const useTrash = (query: TrashQuery) =>
  useQuery({ ...trashQueryOptions(query), placeholderData: keepPreviousData });
