const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);

/**
 * True when the error (or one it wraps, e.g. drizzle's DrizzleQueryError) means the database
 * cannot be reached — answered with 503 so clients retry, instead of a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (CONNECTION_ERROR_CODES.has(code)) return true;
      // SQLSTATE class 08 (connection exception), 57P01-57P03 (server shutting down / starting).
      if (/^08...$/.test(code) || /^57P0[1-3]$/.test(code)) return true;
    }
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|Cannot use a pool after calling end/i.test(
        message,
      )
    ) {
      return true;
    }
  }
  return false;
}

/**
 * SQLSTATE class 22 (data exception: NUL in text, number or date out of range, …) means input the
 * schemas let through; the request is refused with 400 rather than a 500. The schemas stay the first
 * line: this only keeps a missed field from becoming a server error.
 */
export function isDataException(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^22...$/.test(code)) return true;
  }
  return false;
}
