/** The Zorgnetwerk feature's query keys: the only place they are spelled. */
export const networkKeys = {
  all: ['network'] as const,
  overview: () => [...networkKeys.all, 'overview'] as const,
  organisations: (q: string) => [...networkKeys.all, 'organisations', q] as const,
};
