import { addDays, dayBounds, isoWeekday, localDate } from '../../platform/time.ts';

/** This week in the care centres' calendar (Europe/Amsterdam): Monday 00:00 up to the next Monday 00:00. */
export interface Week {
  monday: string;
  sunday: string;
  start: Date;
  end: Date;
}

export function weekOf(now: Date): Week {
  const today = localDate(now);
  const monday = addDays(today, 1 - isoWeekday(today));
  const sunday = addDays(monday, 6);
  return { monday, sunday, start: dayBounds(monday).start, end: dayBounds(sunday).end };
}
