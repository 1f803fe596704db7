import { administrationKeys } from '../../../lib/query-keys.ts';

/** The administration dashboard's query keys, below the shared administration root (lib/query-keys.ts). */
export const administrationDashboardKeys = {
  day: (date: string) => [...administrationKeys.all, 'dashboard', date] as const,
};
