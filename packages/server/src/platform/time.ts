import { TZDate } from '@date-fns/tz';

/** Care centres plan and read their lists in Dutch local time; instants are stored in UTC. */
export const CARE_TIME_ZONE = 'Europe/Amsterdam';

const parseDate = (date: string): [number, number, number] => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
};

/**
 * Instants already resolved: a ward's list asks the same few days and times for every agreement, and each
 * TZDate asks Intl for the zone's offset (a tenth of a list's server time). A zone's rules do not change
 * while the process runs; a new Date is returned each time, so a caller may change its own.
 */
const instants = new Map<string, number>();
const INSTANTS_KEPT = 10_000;

/**
 * The UTC instant of a local wall-clock time on a calendar day. A time that does not exist (the hour
 * skipped when summer time starts) moves forward by the gap, e.g. 02:30 → 03:30; a time that occurs
 * twice (when summer time ends) resolves to one instant, so a moment is never planned twice.
 */
export function localInstant(date: string, time: string, zone = CARE_TIME_ZONE): Date {
  const key = `${zone} ${date} ${time}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    const [y, m, d] = parseDate(date);
    const [hh, mm] = time.split(':').map(Number) as [number, number];
    instant = new TZDate(y, m - 1, d, hh, mm, zone).getTime();
    if (instants.size >= INSTANTS_KEPT) instants.clear();
    instants.set(key, instant);
  }
  return new Date(instant);
}

/** [start, end) of a local calendar day as UTC instants: 23 or 25 hours on daylight-saving days. */
export function dayBounds(date: string, zone = CARE_TIME_ZONE): { start: Date; end: Date } {
  return { start: localInstant(date, '00:00', zone), end: localInstant(addDays(date, 1), '00:00', zone) };
}

/** The local calendar day (YYYY-MM-DD) of an instant. */
export function localDate(instant: Date, zone = CARE_TIME_ZONE): string {
  const local = new TZDate(instant.getTime(), zone);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** The local wall-clock time (HH:mm) of an instant. */
export function localTime(instant: Date, zone = CARE_TIME_ZONE): string {
  const local = new TZDate(instant.getTime(), zone);
  return `${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/** Calendar arithmetic on YYYY-MM-DD strings (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar day: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}

/**
 * A Start or End as the API accepts it: a plain date is a local day (Start: 00:00; End: through that
 * day, so the next day's 00:00); anything else is an ISO date-time.
 */
export function parseBoundary(value: string, kind: 'start' | 'end'): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return localInstant(kind === 'end' ? addDays(value, 1) : value, '00:00');
  return new Date(value);
}

/** ISO week label (e.g. 2026-W03) of a calendar day; the week's Thursday decides the year. */
export function isoWeekKey(date: string): string {
  const thursday = addDays(date, 4 - isoWeekday(date));
  const year = Number(thursday.slice(0, 4));
  const firstThursday = addDays(`${year}-01-04`, 4 - isoWeekday(`${year}-01-04`));
  const week = 1 + Math.round((Date.parse(thursday) - Date.parse(firstThursday)) / (7 * 86_400_000));
  return `${year}-W${pad(week)}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
