import { z } from 'zod';

/**
 * The shared field schemas every request schema builds on: free text that cannot carry control
 * characters (PostgreSQL refuses NUL, and nothing a person types needs them) and ids that fit the
 * 32-bit id columns. Using these everywhere keeps bad input a 400 naming the field, never a 500.
 */

export const INT32_MAX = 2_147_483_647;

/** C0 controls except tab, and DEL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_SAFE = /^[^\u0000-\u0008\u000A-\u001F\u007F]*$/;
/** C0 controls except tab, line feed and carriage return, and DEL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE_SAFE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
export const CONTROL_CHARACTER_MESSAGE = 'Dit veld bevat ongeldige tekens.';

type StringParams = Parameters<typeof z.string>[0];

/** A single-line text field (names, search terms, usernames, codes). */
export const text = (params?: StringParams) =>
  z.string(params).regex(SINGLE_LINE_SAFE, CONTROL_CHARACTER_MESSAGE);

/** A text field where line breaks are legitimate (notes, reasons, consent texts). */
export const multilineText = (params?: StringParams) =>
  z.string(params).regex(MULTI_LINE_SAFE, CONTROL_CHARACTER_MESSAGE);

const ID_MESSAGE = 'Vul een geldig nummer in.';
const DECIMAL_DIGITS = /^\d{1,10}$/;

/** Whole number in [min, INT32_MAX]: a JSON number, or a string of decimal digits only (path, query, form). */
const int32From = (min: number, message = ID_MESSAGE) =>
  z
    .union([z.string().regex(DECIMAL_DIGITS, message).transform(Number), z.number()], { error: message })
    .pipe(z.number().int(message).min(min, message).max(INT32_MAX, message));

/**
 * The one id schema: a positive 32-bit integer. Strings must be decimal digits only, so `0x10`, `16.0`,
 * `1e1`, `+5` and ` 5` are refused instead of silently meaning another record.
 */
export const idSchema = int32From(1);
/** A 32-bit whole number that may be 0 (product ids, client ids of the OAuth form). */
export const nonNegativeInt32 = int32From(0);
/** An id in a JSON body: a number, not a numeric string. */
export const bodyId = (message = ID_MESSAGE) =>
  z.number({ error: message }).int(message).min(1, message).max(INT32_MAX, message);
export const bodyIdSchema = bodyId();

/** A whole number in [min, max] from a query string or JSON, decimal digits only (page sizes, limits). */
export const boundedInt = (min: number, max: number) =>
  z
    .union([z.string().regex(DECIMAL_DIGITS, ID_MESSAGE).transform(Number), z.number()], {
      error: ID_MESSAGE,
    })
    .pipe(z.number().int(ID_MESSAGE).min(min, ID_MESSAGE).max(max, ID_MESSAGE));

/** Path parameter `{id}`. */
export const idParamSchema = z.object({ id: idSchema });
