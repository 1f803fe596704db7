import { personKeys } from '../../../lib/query-keys.ts';

/** The persons feature's query keys: the only place they are spelled (the root is shared with the trash). */
export const personsKeys = {
  all: personKeys.all,
  list: (query: unknown) => [...personKeys.all, 'list', query] as const,
  detail: (id: number) => [...personKeys.all, 'detail', id] as const,
  lookups: () => [...personKeys.all, 'lookups'] as const,
  accountIps: (accountId: number) => [...personKeys.all, 'account-ips', accountId] as const,
};
