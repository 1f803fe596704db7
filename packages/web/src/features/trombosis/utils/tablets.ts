import { addDays, weekdayIndex } from '../../../lib/dates.ts';

/** "1½", "½", "2": tablets as a Dutch dosing calendar writes them. */
export function tabletsText(n: number): string {
  const whole = Math.floor(n);
  const half = n - whole >= 0.5;
  if (whole === 0) return half ? '½' : '0';
  return `${whole}${half ? '½' : ''}`;
}

export interface CalendarDay {
  date: string;
  tablets: number;
  /** The check day itself: the INR is measured, the dose follows the new scheme. */
  check: boolean;
}

/**
 * The days of a dosing calendar: from the start to the next check, in weeks Monday–Sunday (days outside
 * the period are null), each with that weekday's tablets.
 */
export function calendarWeeks(
  validFrom: string,
  nextCheck: string,
  tabletsPerDay: readonly number[],
): (CalendarDay | null)[][] {
  const weeks: (CalendarDay | null)[][] = [];
  let week: (CalendarDay | null)[] = Array.from({ length: weekdayIndex(validFrom) }, () => null);
  for (let day = validFrom; day <= nextCheck; day = addDays(day, 1)) {
    week.push({ date: day, tablets: tabletsPerDay[weekdayIndex(day)] ?? 0, check: day === nextCheck });
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}
