import { administrationKeys } from '../../../lib/query-keys.ts';

/** The flowchart's query keys, below the shared administration root (lib/query-keys.ts). */
export const flowchartKeys = {
  flowchart: (params: unknown) => [...administrationKeys.all, 'flowchart', params] as const,
};
