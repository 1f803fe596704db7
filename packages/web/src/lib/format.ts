import dayjs from './dayjs.ts';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '@zorgportaal/contract';

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
