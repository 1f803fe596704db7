import { z } from 'zod';
import { isCalendarDate, isCalendarDateTime, isoDateSchema } from './dates.ts';

export { isCalendarDate, isCalendarDateTime, isoDateSchema };
import { boundedInt, text } from './fields.ts';

/** Field schemas shared by the management forms, with Dutch messages for server and client. */

/** Query-string boolean: `true` / `false`. */
export const queryBool = z.enum(['true', 'false']).transform((value) => value === 'true');

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** Page number (1-based) and size of a paged list. */
export const pageQueryShape = {
  page: boundedInt(1, 100_000).default(1),
  pageSize: boundedInt(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};
export const pageShape = {
  /**
   * Matching rows. Large lists count only up to (offset + 1000) rows to stay fast at 100k persons:
   * then TotalExact is false and Total is a lower bound (show "meer dan …" and keep "next" enabled).
   */
  Total: z.number().int(),
  TotalExact: z.boolean(),
  Page: z.number().int(),
  PageSize: z.number().int(),
};

/**
 * "Today" in the latest time zone on earth (UTC+14), so a Dutch user just after midnight is not
 * refused today's date; at most one day of leniency.
 */
export const latestToday = (): string => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

export const dateOfBirthSchema = isoDateSchema
  .refine((value) => value >= '1900-01-01', 'De geboortedatum mag niet voor 1900 liggen.')
  .refine((value) => value <= latestToday(), 'De geboortedatum mag niet in de toekomst liggen.');

const prefixSchema = text()
  .trim()
  .max(20, 'Het tussenvoegsel mag maximaal 20 tekens zijn.')
  .transform((value) => value || null)
  .nullable()
  .optional()
  .transform((value) => value ?? null);

const lastNameInputSchema = z.strictObject({
  Prefix: prefixSchema,
  LastName: text({ error: 'Vul de achternaam in.' })
    .trim()
    .min(1, 'Vul de achternaam in.')
    .max(100, 'De achternaam mag maximaal 100 tekens zijn.'),
});

/** NameInformation as a form sends it: first names, prefix, last name and optionally the partner's name. */
export const personNameInputSchema = z.strictObject({
  FirstNames: text({ error: 'Vul de voornamen in.' })
    .trim()
    .min(1, 'Vul de voornamen in.')
    .max(100, 'De voornamen mogen maximaal 100 tekens zijn.'),
  LastName: lastNameInputSchema,
  LastNamePartner: lastNameInputSchema.nullable().optional(),
});

/** An optional ISO date-time (e.g. 2025-01-31T00:00:00.000Z) or a plain date. */
export const dateTimeInputSchema = z
  .string()
  .refine((value) => isCalendarDate(value) || isCalendarDateTime(value), 'Vul een geldige datum en tijd in.');

/** One to five e-mail addresses (an account's, or the caller's own in the profile). */
export const MAX_EMAILS = 5;
export const emailListSchema = z
  .array(z.email('Vul een geldig e-mailadres in.').max(320, 'Het e-mailadres is te lang.'))
  .min(1, 'Vul minimaal één e-mailadres in.')
  .max(MAX_EMAILS, 'Vul maximaal vijf e-mailadressen in.');
