import { administrationKeys } from '../../../lib/query-keys.ts';

/** The toedienlijst's query keys, below the shared administration root (lib/query-keys.ts). */
export const administrationListKeys = {
  all: administrationKeys.all,
  lists: administrationKeys.lists,
  list: (params: unknown) => [...administrationKeys.lists(), params] as const,
};
