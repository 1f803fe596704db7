import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { logPageSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import type { QueryParams } from '../../../lib/http.ts';
import { logKeys } from './query-keys.ts';

export const LOG_PAGE_SIZE = 50;

/** GET /api/log: newest first, keyset pages; `cursor` is the NextCursor of the page before. */
export const getLog = (query: QueryParams, cursor: string | undefined, signal?: AbortSignal) =>
  api.get('/api/log', { schema: logPageSchema, query: { ...query, cursor, limit: LOG_PAGE_SIZE }, signal });

export const logQueryOptions = (query: QueryParams) =>
  infiniteQueryOptions({
    queryKey: logKeys.list(query),
    queryFn: ({ pageParam, signal }) => getLog(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.NextCursor ?? undefined,
    // The log grows with every action elsewhere: always fresh when the screen opens.
    staleTime: 0,
  });

/** "Load more" appends the next keyset page (fetchNextPage). */
export const useLog = (query: QueryParams, enabled = true) =>
  useInfiniteQuery({ ...logQueryOptions(query), enabled });
