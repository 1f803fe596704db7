/** The auth feature's query keys: the only place they are spelled. */
export const authKeys = {
  entitySettings: () => ['entity-settings'] as const,
};
