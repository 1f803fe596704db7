import {
  AUDIT_ACTIONS,
  type ApiError,
  type AuditAction,
  type AuditObjectType,
  type ErrorCode,
  type LoginAction,
} from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';

/**
 * The one errors module of the server. Every helper that takes a field takes the message first and
 * the field second: `unprocessable(message, field?)`, `conflict(message, field?)`, `badRequest(message, field)`.
 */

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

const fieldsOf = (message: string, field?: string): Record<string, unknown> =>
  field ? { Fields: { [field]: message } } : {};

export const unauthorized = () => new HttpError(401, 'UNAUTHORIZED', MESSAGES.UNAUTHORIZED);
export const forbidden = () => new HttpError(403, 'FORBIDDEN', MESSAGES.FORBIDDEN);
export const notFound = () => new HttpError(404, 'NOT_FOUND', MESSAGES.NOT_FOUND);

/** 400 naming the field, e.g. for ids in a body that are not the caller's entity's (roles, teams, groups). */
export const badRequest = (message: string, field: string): HttpError =>
  new HttpError(400, 'VALIDATION_FAILED', MESSAGES.VALIDATION_FAILED, { Fields: { [field]: message } });

/** 403 with a reason the user can act on. */
export const forbiddenBecause = (message: string, field?: string): HttpError =>
  new HttpError(403, 'FORBIDDEN', message, fieldsOf(message, field));

/** 409: the request conflicts with the stored state (a taken unique value, already registered, already stopped, …). */
export const conflict = (message: string, field?: string): HttpError =>
  new HttpError(409, 'CONFLICT', message, fieldsOf(message, field));

/** 422: the request is well-formed but breaks a business rule; `field` names the form field. */
export const unprocessable = (message: string, field?: string): HttpError =>
  new HttpError(422, 'VALIDATION_FAILED', message, fieldsOf(message, field));

/**
 * True when the error (or one it wraps, e.g. DrizzleQueryError) is PostgreSQL's unique_violation (23505);
 * with `constraint`, only a violation of that constraint (a pattern matches the name, e.g. each partition's
 * copy of an index). Both drivers expose the SQLSTATE as `code`; the name comes as `constraint` or in the
 * message.
 */
export function isUniqueViolation(error: unknown, constraint?: string | RegExp): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const {
      code,
      constraint: name,
      message,
    } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code !== '23505') continue;
    if (constraint === undefined) return true;
    const named =
      typeof name === 'string'
        ? name
        : typeof message === 'string'
          ? /constraint "([^"]+)"/.exec(message)?.[1]
          : undefined;
    if (
      named !== undefined &&
      (typeof constraint === 'string' ? named === constraint : constraint.test(named))
    )
      return true;
  }
  return false;
}

/** The audit action of a refused request when the route names none; POST mostly changes (deactivate, restore). */
const ACTION_OF_METHOD: Record<string, AuditAction> = {
  GET: AUDIT_ACTIONS.read,
  PUT: AUDIT_ACTIONS.update,
  POST: AUDIT_ACTIONS.update,
  DELETE: AUDIT_ACTIONS.delete,
};

/**
 * Tenant isolation (security.md, ASVS 8.2.2): an object outside the caller's scope answers 404 —
 * whether it is missing or belongs to another organisation, so ids reveal nothing (a 403 would tell the
 * caller the object exists elsewhere) — and the attempt is written to the audit log as refused.
 */
export async function refuseNotFound(
  request: FastifyRequest,
  objectType: AuditObjectType,
  objectId: string | number,
  action: AuditAction = ACTION_OF_METHOD[request.method] ?? AUDIT_ACTIONS.update,
): Promise<never> {
  await request.server.audit.record(request, {
    action,
    outcome: 'refused',
    objectType,
    objectId,
    detail: { route: request.routeOptions.url, method: request.method },
  });
  throw notFound();
}

// --- Login and account security -------------------------------------------------------------------
// Refusals of POST /oauth/token and the account-security calls: the spec's statuses and Action (§4, §8)
// plus the RFC 6749 §5.2 fields `error` / `error_description`, so generic OAuth clients understand them.

/** Same status and body whether the username exists or not (ASVS 6.3.8). */
export const invalidCredentials = () =>
  new HttpError(401, 'INVALID_CREDENTIALS', 'Gebruikersnaam of wachtwoord is onjuist.', {
    error: 'invalid_grant',
    error_description: 'Invalid username or password.',
  });

export const invalidClient = () =>
  new HttpError(401, 'UNAUTHORIZED', 'Onbekende client.', {
    error: 'invalid_client',
    error_description: 'Unknown client_id.',
  });

/** A refresh token that is unknown, used, expired or of a revoked session. */
export const invalidRefreshToken = () =>
  new HttpError(401, 'UNAUTHORIZED', 'Uw sessie is verlopen. Log opnieuw in.', {
    error: 'invalid_grant',
    error_description: 'The refresh token is invalid, expired or revoked.',
  });

export const missingField = (field: string) =>
  new HttpError(400, 'VALIDATION_FAILED', MESSAGES.VALIDATION_FAILED, {
    Fields: { [field]: 'Dit veld is verplicht.' },
    error: 'invalid_request',
    error_description: `Missing ${field}.`,
  });

const ACTION_MESSAGES: Record<LoginAction, string> = {
  no_access: 'U heeft geen toegang tot dit product.',
  ip_not_allowed: 'Inloggen vanaf dit adres is niet toegestaan.',
  '2fa_required': 'Voer de code uit uw authenticator-app in.',
  pwchange_required: 'U moet uw wachtwoord wijzigen voordat u verder kunt.',
};

/** 403 with the spec's Action; the client moves to the 2FA or password-change step or shows CANT_ACCESS_PRODUCT. */
export const loginStepRequired = (action: LoginAction, accountId?: number) =>
  new HttpError(
    403,
    action === 'no_access' || action === 'ip_not_allowed' ? 'CANT_ACCESS_PRODUCT' : 'FORBIDDEN',
    ACTION_MESSAGES[action],
    {
      Action: action,
      ...(accountId !== undefined && action !== 'no_access' && action !== 'ip_not_allowed'
        ? { account_id: accountId }
        : {}),
      error: 'access_denied',
      error_description: `Login refused: ${action}.`,
    },
  );

/** 429 with `Retry-After` (set by the account-security plugin's onError hook from `retryAfterSeconds`). */
export class TooManyAttemptsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      'TOO_MANY_ATTEMPTS',
      `Te veel mislukte pogingen. Probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw.`,
      {
        error: 'slow_down',
        error_description: `Too many attempts; retry after ${retryAfterSeconds} seconds.`,
      },
    );
  }
}

export const wrongCurrentPassword = () =>
  new HttpError(401, 'INVALID_CREDENTIALS', 'Het huidige wachtwoord is onjuist.', {
    Fields: { current_password: 'Het huidige wachtwoord is onjuist.' },
  });

/** 422 naming the field (`password` or `password_confirmation`) with the password policy's Dutch message. */
export const passwordRejected = (check: { field: string; message: string }) =>
  unprocessable(check.message, check.field);

export const resetLinkUnknown = () =>
  new HttpError(
    400,
    'VALIDATION_FAILED',
    'Deze link om uw wachtwoord opnieuw in te stellen is ongeldig. Vraag een nieuwe link aan.',
    { Fields: { token: 'Ongeldige link.' } },
  );

export const resetLinkGone = () =>
  new HttpError(
    410,
    'VALIDATION_FAILED',
    'Deze link is al gebruikt of verlopen. Vraag via "Wachtwoord vergeten" een nieuwe link aan.',
    { Fields: { token: 'De link is al gebruikt of verlopen.' } },
  );
