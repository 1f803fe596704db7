import { addDays, isoWeekday, localDate } from '../../platform/time.ts';

/** The Monday of the week `date` lies in. */
export const mondayOf = (date: string): string => addDays(date, 1 - isoWeekday(date));

/** The week the roll list opens on when none is asked for: the current one (Dutch day). */
export const currentWeek = (now = new Date()): string => mondayOf(localDate(now));
