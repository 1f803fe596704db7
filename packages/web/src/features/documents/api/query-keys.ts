/** The documents feature's query keys: the only place they are spelled. */
export const documentKeys = {
  all: ['documents'] as const,
  list: (query: object) => [...documentKeys.all, 'list', query] as const,
  detail: (id: number | null) => [...documentKeys.all, 'detail', id] as const,
  trash: () => [...documentKeys.all, 'trash'] as const,
};
