/** Calendar days in the Netherlands (the users' day), as UTC instants. */
const ZONE = 'Europe/Amsterdam';

/** Offset of Amsterdam from UTC at an instant, in minutes (60 in winter, 120 in summer). */
function offsetMinutes(at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((local - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** 00:00 Amsterdam time of the date `YYYY-MM-DD`, as a UTC instant. */
export function startOfLocalDay(date: string): Date {
  const utcMidnight = new Date(`${date}T00:00:00Z`);
  // The offset at the guess is right except within the hours of a DST switch, which never fall at midnight here.
  return new Date(utcMidnight.getTime() - offsetMinutes(utcMidnight) * 60_000);
}

/** Today's date in Amsterdam as `YYYY-MM-DD`. */
export const localToday = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/** The day after `YYYY-MM-DD`. */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
