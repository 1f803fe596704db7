import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountLookupsSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { personsKeys } from './query-keys.ts';

/** GET /api/accounts/lookups: roles (with Grantable), teams, groups and products of the organisation. */
export const getAccountLookups = () => api.get('/api/accounts/lookups', { schema: accountLookupsSchema });

export const accountLookupsQueryOptions = () =>
  queryOptions({ queryKey: personsKeys.lookups(), queryFn: getAccountLookups, staleTime: 5 * 60_000 });

export const useAccountLookups = () => useQuery(accountLookupsQueryOptions());
