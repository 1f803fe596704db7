import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountPageSchema, MAX_PAGE_SIZE } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { hasPermission } from '../../../lib/session.ts';
import { logKeys } from './query-keys.ts';

/** GET /api/accounts/: the organisation's accounts, as choices for the user filter. */
export const getLogUsers = (q: string) =>
  api.get('/api/accounts/', {
    schema: accountPageSchema,
    query: { q: q || undefined, pageSize: MAX_PAGE_SIZE },
  });

export const logUsersQueryOptions = (q: string) =>
  queryOptions({ queryKey: logKeys.users(q), queryFn: () => getLogUsers(q), staleTime: 60_000 });

/** Only asked when the caller may list accounts; otherwise the filter works from the table's links. */
export const useLogUsers = (q: string, wanted: boolean) =>
  useQuery({
    ...logUsersQueryOptions(q),
    // Listing accounts is itself logged: only when the user opens the filter.
    enabled: wanted && (hasPermission('persons.read') || hasPermission('accounts.write')),
  });
