import { HttpError } from '../plugins/app/api-errors.ts';

/** 422: the request is well-formed but breaks a business rule; Fields names the field, as for 400. */
export const unprocessable = (field: string, message: string) =>
  new HttpError(422, 'VALIDATION_FAILED', message, { Fields: { [field]: message } });

/** 409: the request conflicts with the stored state (already registered, already stopped, …). */
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);

/** True when the error (or one it wraps, e.g. DrizzleQueryError) is a unique violation (23505) of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
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
    if (
      code === '23505' &&
      (name === constraint || (typeof message === 'string' && message.includes(constraint)))
    )
      return true;
  }
  return false;
}
