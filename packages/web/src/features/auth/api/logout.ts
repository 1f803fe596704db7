import { api } from '../../../lib/api-client.ts';
import { clearSession, isLoggedIn } from '../../../lib/session.ts';

/**
 * Logout (spec §4): tell the server (a failure is ignored; no renewal for this call),
 * then clear all of session storage.
 */
export async function logout(): Promise<void> {
  try {
    if (isLoggedIn()) await api.post('/api/account/logout', undefined, { renew: false });
  } catch {
    // The session ends locally whatever the server says.
  } finally {
    clearSession();
  }
}
