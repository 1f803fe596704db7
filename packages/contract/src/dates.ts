import { z } from 'zod';

/** Calendar checks for every date field of the contract: 2023-02-31 is no date, not 3 March. */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A real calendar date in YYYY-MM-DD (so 2024-02-30 is refused; Date.parse would accept it). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** An ISO date-time with an offset whose date part is a real calendar date. */
export const isCalendarDateTime = (value: string): boolean =>
  ISO_DATE_TIME.test(value) && isCalendarDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value));

export const isoDateSchema = z
  .string({ error: 'Vul een datum in.' })
  .refine(isCalendarDate, 'Vul een bestaande datum in.');
