/** The account feature's query keys: the only place they are spelled. */
export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  twofa: () => [...accountKeys.all, '2fa'] as const,
  currentIp: () => [...accountKeys.all, 'current-ip'] as const,
  ipAllowList: (productId: number) => [...accountKeys.all, 'ips', productId] as const,
  avatar: (personId: number) => ['person', 'avatar', personId] as const,
};
