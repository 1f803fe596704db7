import { infiniteQueryOptions, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { accessOverviewSchema } from '@zorgportaal/contract';
import { request } from '../../../lib/api-client.ts';
import { logKeys } from './query-keys.ts';

export const ACCESS_PAGE_SIZE = 50;
const base = (patientId: number) => `/api/log/patients/${patientId}/access`;

/** GET /api/log/patients/{id}/access: who accessed the client's record, newest first, keyset pages. */
export const clientAccessQueryOptions = (patientId: number) =>
  infiniteQueryOptions({
    queryKey: logKeys.access(patientId),
    queryFn: ({ pageParam, signal }) =>
      request(base(patientId), {
        method: 'GET',
        schema: accessOverviewSchema,
        query: { cursor: pageParam, limit: ACCESS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.NextCursor ?? undefined,
    // Each view is itself logged and the log grows elsewhere: always fresh.
    staleTime: 0,
  });

export const useClientAccess = (patientId: number | null) =>
  useInfiniteQuery({ ...clientAccessQueryOptions(patientId ?? 0), enabled: patientId !== null });

/** The PDF or CSV for the client, made by the server (the request is logged there). */
export const useClientAccessFile = () =>
  useMutation({
    mutationFn: ({ patientId, format }: { patientId: number; format: 'pdf' | 'csv' }) =>
      request<Blob>(`${base(patientId)}/${format}`, { method: 'GET', blob: true }),
  });
