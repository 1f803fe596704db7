import { createQueryClient } from './query-client.ts';

/** The app's one query cache, shared by the signed-in screens (QueryLayout) and login/logout (query-cache.ts). */
export const appQueryClient = createQueryClient();
