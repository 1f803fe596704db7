import { queryOptions, useQuery } from '@tanstack/react-query';
import { personDetailSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { personsKeys } from './query-keys.ts';

/** GET /api/person/{id}: the person and its account (or null), for the edit forms. */
export const getPerson = (id: number) => api.get(`/api/person/${id}`, { schema: personDetailSchema });

export const personQueryOptions = (id: number) =>
  queryOptions({ queryKey: personsKeys.detail(id), queryFn: () => getPerson(id), staleTime: 0 });

export const usePerson = (id: number | null) =>
  useQuery({ ...personQueryOptions(id ?? 0), enabled: id !== null });
