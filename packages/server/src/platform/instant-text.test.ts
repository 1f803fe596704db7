import { describe, expect, it } from 'vitest';
import { instantOfText, isoText, utcMillisOf } from './instant-text.ts';

/** A repeatable spread of instants (a linear congruential generator), from 1601 to 2399, at any millisecond. */
function* instants(count: number): Generator<Date> {
  let seed = 20_261_202;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const from = Date.UTC(1601, 0, 1);
  const to = Date.UTC(2399, 11, 31, 23, 59, 59, 999);
  for (let i = 0; i < count; i++) yield new Date(Math.floor(from + next() * (to - from)));
}

/** An instant as PostgreSQL's JSON writes a timestamptz in UTC: microseconds, trailing zeros dropped, +00:00. */
function postgresText(date: Date, micros: number): string {
  const fraction =
    `${String(date.getUTCMilliseconds()).padStart(3, '0')}${String(micros).padStart(3, '0')}`.replace(
      /0+$/,
      '',
    );
  return `${date.toISOString().slice(0, 19)}${fraction ? `.${fraction}` : ''}+00:00`;
}

const sameInstant = (text: string) => expect(instantOfText(text).getTime()).toBe(new Date(text).getTime());
/** Read without V8's parser (the short way), to the same instant as V8's. */
const readShort = (text: string) => expect(utcMillisOf(text)).toBe(Date.parse(text));

describe('instants from text', () => {
  it("reads PostgreSQL's UTC text and toISOString's as new Date does", () => {
    let micros = 0;
    for (const date of instants(20_000)) {
      micros = (micros + 337) % 1000;
      readShort(postgresText(date, micros));
      readShort(date.toISOString());
      expect(instantOfText(date.toISOString()).getTime()).toBe(date.getTime());
    }
  });

  it('cuts digits past the millisecond off, as V8 does', () => {
    expect(instantOfText('2026-12-02T08:00:00.123999+00:00').toISOString()).toBe('2026-12-02T08:00:00.123Z');
    expect(instantOfText('2026-12-02T08:00:00.9+00:00').toISOString()).toBe('2026-12-02T08:00:00.900Z');
    expect(instantOfText('2026-12-02T08:00:00.05Z').toISOString()).toBe('2026-12-02T08:00:00.050Z');
  });

  it('reads the last day of each month and a leap day the short way', () => {
    for (const text of [
      '2024-02-29T12:00:00+00:00',
      '2026-04-30T23:59:59.999Z',
      '2026-12-31T23:00:00+00:00',
      '0000-01-01T00:00:00Z',
      '1969-12-31T23:59:59.999Z',
    ])
      readShort(text);
  });

  it('leaves every other text to new Date', () => {
    for (const text of [
      '2023-02-29T12:00:00+00:00',
      '2026-04-31T12:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-12-02T24:00:00Z',
      '2026-12-02T08:60:00Z',
      '2026-12-02T08:00:00.+00:00',
      '2026-12-02T08:00:00+01:00',
      '2026-06-30T23:30:00-05:30',
      '2026-12-02T08:00:00',
      '2026-12-02T08:00:00 +00:00',
      '2026-12-02',
      '10000-01-01T00:00:00+00:00',
      '2026-12-02T08:00:00+00:00junk',
      'gisteren',
      '',
    ]) {
      sameInstant(text);
      expect(utcMillisOf(text)).toBeNaN();
    }
  });
});

describe('text of instants', () => {
  it('writes what toISOString writes', () => {
    for (const date of instants(20_000)) expect(isoText(date)).toBe(date.toISOString());
    for (const millis of [
      0, -1, 1, -62_167_219_200_000, -62_167_219_200_001, 253_402_300_799_999, 253_402_300_800_000,
    ])
      expect(isoText(new Date(millis))).toBe(new Date(millis).toISOString());
  });

  it('throws for an invalid date, as toISOString does', () => {
    expect(() => isoText(new Date(Number.NaN))).toThrow(RangeError);
  });
});
