/**
 * Clearing and seeding the query cache from the public pages (login, logout) without putting
 * TanStack Query on them: the cache loads on demand, in the chunk the next page needs anyway.
 */
const appCache = () => import('./app-query-client.ts').then((m) => m.appQueryClient);

export async function clearQueryCache(): Promise<void> {
  (await appCache()).clear();
}

export async function seedQueryCache(queryKey: readonly unknown[], data: unknown): Promise<void> {
  (await appCache()).setQueryData(queryKey, data);
}
