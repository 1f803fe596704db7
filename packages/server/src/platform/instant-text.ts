/**
 * Instants to and from their ISO 8601 text, as `new Date(text)` and `date.toISOString()` give them, without V8's
 * general date parser and formatter: a ward's Toedienlijst turns ~70 registrations' instants from the data's text
 * into `Date`s and back into the answer's text on every build, and V8 formats each through `snprintf` (0.4–1.4 µs a
 * call against ~0.08 here; docs/performance.md, "Instants without V8's date parser and formatter"). Only the
 * forms PostgreSQL's JSON writes for a `timestamptz` in UTC and `toISOString` writes take the short way; any other
 * text goes to `new Date` as before. `instant-text.test.ts` compares both with V8's over many instants.
 */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1–12): H. Hinnant's days_from_civil. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

const digit = (text: string, at: number) => text.charCodeAt(at) - 48;
const twoDigits = (text: string, at: number) => digit(text, at) * 10 + digit(text, at + 1);
const isDigit = (text: string, at: number) => text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57;
const DATE_TIME_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];

/** Whether `text` starts with `YYYY-MM-DDTHH:MM:SS`: digits and separators in their places. */
const startsWithDateTime = (text: string) =>
  DATE_TIME_DIGITS.every((at) => isDigit(text, at)) &&
  text[4] === '-' &&
  text[7] === '-' &&
  text[10] === 'T' &&
  text[13] === ':' &&
  text[16] === ':';

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysInMonth = (year: number, month: number) =>
  month === 2
    ? isLeapYear(year)
      ? 29
      : 28
    : month === 4 || month === 6 || month === 9 || month === 11
      ? 30
      : 31;

/**
 * The milliseconds since the epoch of `YYYY-MM-DDTHH:MM:SS[.f…](Z|+00:00)` with every field in range, or NaN for
 * any other text. Digits past the millisecond are cut off, as V8 does.
 */
export function utcMillisOf(text: string): number {
  if (text.length < 20 || !startsWithDateTime(text)) return Number.NaN;
  let at = 19;
  let millis = 0;
  if (text[at] === '.') {
    const first = ++at;
    for (; at < text.length && isDigit(text, at); at++)
      if (at < first + 3) millis = millis * 10 + digit(text, at);
    if (at === first) return Number.NaN;
    for (let kept = Math.min(at - first, 3); kept < 3; kept++) millis *= 10;
  }
  const zone = text.slice(at);
  if (zone !== 'Z' && zone !== '+00:00') return Number.NaN;
  const year = twoDigits(text, 0) * 100 + twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hours = twoDigits(text, 11);
  const minutes = twoDigits(text, 14);
  const seconds = twoDigits(text, 17);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return Number.NaN;
  if (hours > 23 || minutes > 59 || seconds > 59) return Number.NaN;
  return (
    daysFromCivil(year, month, day) * DAY_MS + hours * 3_600_000 + minutes * 60_000 + seconds * 1000 + millis
  );
}

/** `new Date(text)` for ISO 8601 text, quickly for PostgreSQL's UTC form and toISOString's. */
export function instantOfText(text: string): Date {
  const millis = utcMillisOf(text);
  return Number.isNaN(millis) ? new Date(text) : new Date(millis);
}

/** instantOfText for a column that may be empty: null (or undefined) stays null. */
export const instantOrNull = (text: string | null | undefined): Date | null =>
  text === null || text === undefined ? null : instantOfText(text);

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** The date part (`YYYY-MM-DDT`) of the days met so far: a process writes a few days' instants over and over. */
const dayTexts = new Map<number, string>();
const DAY_TEXTS_KEPT = 1000;

/** `date.toISOString()`, quickly for the years 0000–9999 (throws as it does for an invalid date). */
export function isoText(date: Date): string {
  const millis = date.getTime();
  const day = Math.floor(millis / DAY_MS);
  let dayText = dayTexts.get(day);
  if (dayText === undefined) {
    const full = date.toISOString();
    if (full.length !== 24) return full;
    dayText = full.slice(0, 11);
    if (dayTexts.size >= DAY_TEXTS_KEPT) dayTexts.clear();
    dayTexts.set(day, dayText);
  }
  let rest = millis - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${dayText}${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(rest - seconds * 1000)}Z`;
}
