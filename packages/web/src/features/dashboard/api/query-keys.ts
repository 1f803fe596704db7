import { dashboardKeys } from '../../../lib/query-keys.ts';

/** The landing page's query keys, below the shared root a new message refreshes (lib/query-keys.ts). */
export const landingKeys = {
  all: dashboardKeys.all,
  tiles: () => [...dashboardKeys.all, 'tiles'] as const,
  backupStatus: () => [...dashboardKeys.all, 'backup-status'] as const,
};
