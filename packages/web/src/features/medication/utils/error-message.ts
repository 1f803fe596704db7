import type { TFunction } from 'i18next';
import { ApiRequestError, genericErrorMessage } from '../../../lib/api-errors.ts';

/** A failed call: the server's Message (Dutch, names the rule), else the generic failure of spec §8. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiRequestError && typeof (error.body as { Message?: unknown })?.Message === 'string')
    return error.message;
  return genericErrorMessage(t, error);
}
