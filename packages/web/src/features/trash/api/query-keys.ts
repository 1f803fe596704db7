/** The trash feature's query keys: the only place they are spelled. */
export const trashKeys = {
  all: ['trash'] as const,
  list: (query: unknown) => [...trashKeys.all, 'list', query] as const,
};
