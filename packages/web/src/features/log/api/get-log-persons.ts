import { queryOptions, useQuery } from '@tanstack/react-query';
import { personPageSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { hasPermission } from '../../../lib/session.ts';
import { logKeys } from './query-keys.ts';

/** GET /api/personinfo searched on the server: choices for the person filter ("who looked at this person"). */
export const getLogPersons = (q: string) =>
  api.get('/api/personinfo', { schema: personPageSchema, query: { q: q || undefined, pageSize: 20 } });

export const logPersonsQueryOptions = (q: string) =>
  queryOptions({ queryKey: logKeys.persons(q), queryFn: () => getLogPersons(q), staleTime: 60_000 });

/** Searching persons is itself logged: only once the user has typed part of a name. */
export const useLogPersons = (q: string) =>
  useQuery({ ...logPersonsQueryOptions(q), enabled: q.length >= 2 && hasPermission('persons.read') });
