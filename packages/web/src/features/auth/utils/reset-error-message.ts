import type { TFunction } from 'i18next';
import { ApiRequestError, genericErrorMessage } from '../../../lib/api-errors.ts';

/**
 * The forgot-password error mapping of spec §8, also used by the reset with a token:
 * 500 'Internal Server Error', 401 'Invalid credentials', otherwise the raw error (the server's
 * Message). A failure without an HTTP status gets the generic network/aborted message.
 */
export function resetErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiRequestError)) return genericErrorMessage(t, error);
  if (error.status === 500) return t('auth.forgetPassword.errors.internal', 'Internal Server Error');
  if (error.status === 401) return t('auth.forgetPassword.errors.invalidCredentials', 'Invalid credentials');
  return error.message;
}
