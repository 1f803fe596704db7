import type { ApiError, ErrorCode } from '@zorgportaal/contract';

/** An error a route throws on purpose; the error handler turns it into `{ Code, Message, Fields? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
  toBody(): ApiError {
    return { Code: this.code, Message: this.message, ...this.extra };
  }
}

/** Dutch default messages per code (user-facing). */
export const MESSAGES = {
  VALIDATION_FAILED: 'De invoer is ongeldig.',
  INVALID_JSON: 'De inhoud is geen geldige JSON.',
  UNAUTHORIZED: 'U bent niet (meer) ingelogd.',
  FORBIDDEN: 'U heeft geen toegang tot deze functie.',
  NOT_FOUND: 'Niet gevonden.',
  PAYLOAD_TOO_LARGE: 'De inhoud is te groot.',
  URI_TOO_LONG: 'Het adres is te lang.',
  HEADERS_TOO_LARGE: 'De kopregels of het adres van het verzoek zijn te groot.',
  BAD_URL: 'Het adres is ongeldig.',
  UNSUPPORTED_MEDIA_TYPE: 'Dit inhoudstype wordt niet ondersteund.',
  SERVICE_UNAVAILABLE: 'De dienst is tijdelijk niet beschikbaar. Probeer het later opnieuw.',
  INTERNAL_ERROR: 'Er ging iets mis.',
} as const;

export const unauthorized = () => new HttpError(401, 'UNAUTHORIZED', MESSAGES.UNAUTHORIZED);
export const forbidden = () => new HttpError(403, 'FORBIDDEN', MESSAGES.FORBIDDEN);
export const notFound = () => new HttpError(404, 'NOT_FOUND', MESSAGES.NOT_FOUND);
