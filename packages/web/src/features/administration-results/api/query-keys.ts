import { administrationKeys } from '../../../lib/query-keys.ts';

/** The results overview's query keys, below the shared administration root (lib/query-keys.ts). */
export const administrationResultsKeys = {
  results: administrationKeys.results,
};
