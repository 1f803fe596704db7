/** The log feature's query keys: the only place they are spelled. */
export const logKeys = {
  all: ['log'] as const,
  list: (query: unknown) => [...logKeys.all, 'list', query] as const,
  persons: (q: unknown) => [...logKeys.all, 'persons', q] as const,
  users: (q: unknown) => [...logKeys.all, 'users', q] as const,
  access: (patientId: number) => [...logKeys.all, 'access', patientId] as const,
};
