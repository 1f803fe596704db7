/** The Baxter feature's query keys: the only place they are spelled. */
export const baxterKeys = {
  all: ['baxter'] as const,
  rolls: () => [...baxterKeys.all, 'rolls'] as const,
  rollList: (query: object) => [...baxterKeys.rolls(), query] as const,
};
