import type { MedicationDashboardListKey } from '@zorgportaal/contract';
import { medicationKeys } from '../../../lib/query-keys.ts';

/** The Medicatiedashboard's keys, below the medication root: a changed agreement refreshes them too. */
export const medicationDashboardKeys = {
  all: () => [...medicationKeys.all, 'dashboard'] as const,
  figures: () => [...medicationDashboardKeys.all(), 'figures'] as const,
  list: (list: MedicationDashboardListKey) => [...medicationDashboardKeys.all(), 'list', list] as const,
};
