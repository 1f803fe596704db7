/*
 * The product's calendar is Europe/Amsterdam (the server's platform/time.ts): a day is a YYYY-MM-DD
 * string of that calendar, as the API reads it, and "today" is that calendar's today, whatever the
 * browser's time zone. The one place for today, a day's time and day arithmetic on the web.
 */
const AMSTERDAM_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const AMSTERDAM_TIME = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export const todayInAmsterdam = (): string => AMSTERDAM_DAY.format(Date.now());

/** The Europe/Amsterdam day (YYYY-MM-DD) of an instant; empty for a missing or invalid value. */
export function dayInAmsterdam(iso: string | null | undefined): string {
  const at = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(at) ? '' : AMSTERDAM_DAY.format(at);
}

/** HH:mm in Europe/Amsterdam; empty for a missing or invalid value. */
export function timeInAmsterdam(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '' : AMSTERDAM_TIME.format(at);
}

/** A calendar day shifted by whole days (UTC noon arithmetic: no DST edge cases). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Index 0–6 of a calendar day's weekday, Monday first (lib/weekdays.ts names them in this order). */
export const weekdayIndex = (day: string): number => (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;

export const isIsoDay = (value: string | null | undefined): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
