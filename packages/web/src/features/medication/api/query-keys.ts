import { medicationKeys } from '../../../lib/query-keys.ts';

/**
 * The medication feature's query keys: the only place they are spelled. The patient and its consent
 * are shared with other features and come from lib/query-keys.ts.
 */
export const amoKeys = {
  ...medicationKeys,
  agreements: (patientId: number) => [...medicationKeys.all, 'agreements', patientId] as const,
  /** Under the agreements key, so starting, changing or stopping an agreement refreshes the flag too. */
  coumarinMismatch: (patientId: number) => [...amoKeys.agreements(patientId), 'coumarinMismatch'] as const,
};
