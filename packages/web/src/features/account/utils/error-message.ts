import type { TFunction } from 'i18next';
import { ApiRequestError, genericErrorMessage } from '../../../lib/api-errors.ts';

/** The toast text of a failed call on these screens: the server's Message, else the generic failure. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiRequestError && typeof (error.body as { Message?: unknown })?.Message === 'string')
    return error.message;
  return genericErrorMessage(t, error);
}
