import type { TFunction } from 'i18next';
import type { ApiError } from '@zorgportaal/contract';

/** A non-OK HTTP response; `body` is the parsed JSON (usually `{ Code, Message, Fields? }`) or text. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const apiError = body as Partial<ApiError> | null;
    super(typeof apiError?.Message === 'string' ? apiError.Message : `Request failed with status ${status}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }

  /** The `Code` of the error body, when the server sent one. */
  get code(): string | undefined {
    const code = (this.body as Partial<ApiError> | null)?.Code;
    return typeof code === 'string' ? code : undefined;
  }
}

/** The generic failures of spec §8 that are not an HTTP status: the network failed or the call was aborted. */
export class RequestFailedError extends Error {
  /** `offline`: the browser knows it has no connection (a network failure, told apart for the message). */
  readonly kind: 'network' | 'aborted' | 'offline';

  constructor(kind: 'network' | 'aborted' | 'offline', cause?: unknown) {
    super(kind === 'aborted' ? 'The request was aborted' : 'Network request failed', { cause });
    this.name = 'RequestFailedError';
    this.kind = kind;
  }
}

/** The i18n key of the generic message for an error (spec §8 "Generic failures"). */
export function genericErrorKey(
  error: unknown,
): 'errors.aborted' | 'errors.network' | 'errors.offline' | 'errors.unknown' {
  if (error instanceof RequestFailedError)
    return error.kind === 'aborted' ? 'errors.aborted' : `errors.${error.kind}`;
  return 'errors.unknown';
}

/** The translated generic message for a failure that is not a catalogued API error. */
export function genericErrorMessage(
  t: (key: string, defaultValue: string) => string,
  error: unknown,
): string {
  switch (genericErrorKey(error)) {
    case 'errors.aborted':
      return t('errors.aborted', 'Het verzoek is afgebroken.');
    case 'errors.network':
      return t('errors.network', 'De verbinding met de server is mislukt.');
    case 'errors.offline':
      return t('errors.offline', 'Niet beschikbaar zonder verbinding.');
    default:
      return t('errors.unknown', 'Er is een onverwachte fout opgetreden.');
  }
}

/** The per-field messages of a validation failure (`Fields` of the error body); empty otherwise. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError)) return {};
  const fields = (error.body as Partial<ApiError> | null)?.Fields;
  return fields && typeof fields === 'object' ? fields : {};
}

/** The toast text of a failed call: the server's Message (`{ Code, Message }`), else the generic failure. */
export function apiErrorMessage(t: TFunction, error: unknown): string {
  if (
    error instanceof ApiRequestError &&
    typeof (error.body as { Message?: unknown } | null)?.Message === 'string'
  )
    return error.message;
  return genericErrorMessage(t, error);
}
