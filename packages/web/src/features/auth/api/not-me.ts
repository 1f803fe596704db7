import { api } from '../../../lib/api-client.ts';

/** POST /api/account/not-me (public): the "dit was ik niet" link ends every session of the account. */
export const reportNotMe = (token: string) =>
  api.post<{ message?: string }>('/api/account/not-me', { token }, { auth: false });
