import { vpKeys } from '../../../lib/query-keys.ts';

/** The VP feature's query keys, below the shared root a signed agreement refreshes (lib/query-keys.ts). */
export const prescriberKeys = {
  all: vpKeys.all,
  dashboard: () => [...vpKeys.all, 'dashboard'] as const,
  history: (patientId: number | null) => [...vpKeys.all, 'history', patientId] as const,
  reviewsDue: () => [...vpKeys.all, 'due'] as const,
};
