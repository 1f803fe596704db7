/** Days are Europe/Amsterdam calendar days (YYYY-MM-DD), as the API reads them. */
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

export const dayInAmsterdam = (at: Date | number = Date.now()): string => AMSTERDAM_DAY.format(at);
export const todayInAmsterdam = (): string => dayInAmsterdam();

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

export const isIsoDay = (value: string | null | undefined): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
