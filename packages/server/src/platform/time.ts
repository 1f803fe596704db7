import { TZDate, tzOffset } from '@date-fns/tz';

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

const QUARTER_HOUR_MS = 15 * 60_000;
/** A zone's offset (ms) per quarter hour of the instants asked: see zoneOffsetMs. */
const offsets = new Map<string, number>();
const OFFSETS_KEPT = 10_000;

/**
 * A zone's offset from UTC (ms) at an instant. Kept per quarter hour whose first and last millisecond have the
 * same offset: every request asks today's date, and each ask of Intl (through tzOffset) costs tens of µs (2 % of
 * an embedded Toedienlijst's CPU). A quarter hour in which the offset changes is asked every time. (Two changes
 * within one quarter hour that undo each other would go unseen; no zone has them.)
 */
function zoneOffsetMs(zone: string, millis: number): number {
  const quarter = Math.floor(millis / QUARTER_HOUR_MS);
  const key = `${zone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const first = tzOffset(zone, new Date(quarter * QUARTER_HOUR_MS));
    const last = tzOffset(zone, new Date((quarter + 1) * QUARTER_HOUR_MS - 1));
    if (first !== last) return tzOffset(zone, new Date(millis)) * 60_000;
    offset = first * 60_000;
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** An instant's local wall clock in `zone`, as the UTC fields of a Date. */
const wallClock = (instant: Date, zone: string) =>
  new Date(instant.getTime() + zoneOffsetMs(zone, instant.getTime()));

/** The local calendar day (YYYY-MM-DD) of an instant. */
export function localDate(instant: Date, zone = CARE_TIME_ZONE): string {
  const local = wallClock(instant, zone);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
}

/** The local wall-clock time (HH:mm) of an instant. */
export function localTime(instant: Date, zone = CARE_TIME_ZONE): string {
  const local = wallClock(instant, zone);
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
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
