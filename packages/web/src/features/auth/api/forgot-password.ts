import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/forgotpassword (form): the same `{ message }` whether or not the address is known. */
export const requestPasswordMail = (email: string) =>
  api.post<{ message?: string }>('/api/auth/forgotpassword', undefined, { auth: false, form: { email } });
