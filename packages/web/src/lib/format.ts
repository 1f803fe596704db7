import dayjs from './dayjs.ts';
import { DATE_FORMAT, DATE_TIME_FORMAT, isCalendarDate } from '@zorgportaal/contract';

type DateInput = string | number | Date | null | undefined;

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

/** A date as the spec shows it (§3, DateOfBirth): DD-MM-YYYY. Empty for a missing or invalid value. */
export const formatDate = (value: DateInput): string => format(value, DATE_FORMAT);

/** A moment as the spec shows it (§3, LastLogin): YYYY-MM-DD HH:mm, in local time. */
export const formatDateTime = (value: DateInput): string => format(value, DATE_TIME_FORMAT);

/**
 * A typed Dutch date (DD-MM-YYYY; also with / or . and single-digit day or month) as YYYY-MM-DD;
 * null when it is no real calendar date (31-02-1949) or not a date at all.
 */
export function parseDutchDate(text: string): string | null {
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

/** A result group's label: a day group (key YYYY-MM-DD) shows as DD-MM-YYYY like every date. */
export const groupLabel = (groupBy: string, group: { Key: string; Label: string }): string =>
  groupBy === 'day' ? formatDate(group.Key) || group.Label : group.Label;

/** The Europe/Amsterdam calendar day of an ISO date-time (an agreement's start or end), as DD-MM-YYYY. */
const AMSTERDAM_DAY = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
export const formatDay = (iso: string | null): string =>
  iso ? AMSTERDAM_DAY.format(new Date(iso)).replaceAll('/', '-') : '';

const DECIMAL = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A measured value with one decimal as Dutch readers write it: INR 3,6, TTR 81,3 (never 3.6). */
export const formatDecimal = (value: number): string => DECIMAL.format(value);
