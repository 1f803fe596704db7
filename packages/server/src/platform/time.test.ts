import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { dayBounds, localDate, localInstant, localTime } from './time.ts';

describe('localInstant', () => {
  it('gives the same instant again as a new Date, so changing one changes no later answer', () => {
    const first = localInstant('2026-07-01', '08:00');
    expect(first.toISOString()).toBe('2026-07-01T06:00:00.000Z');
    first.setUTCHours(23);
    const again = localInstant('2026-07-01', '08:00');
    expect(again).not.toBe(first);
    expect(again.toISOString()).toBe('2026-07-01T06:00:00.000Z');
  });

  it('keeps zones apart and resolves the daylight-saving days the same when asked again', () => {
    expect(localInstant('2026-01-15', '08:00', 'Europe/London').toISOString()).toBe(
      '2026-01-15T08:00:00.000Z',
    );
    expect(localInstant('2026-01-15', '08:00').toISOString()).toBe('2026-01-15T07:00:00.000Z');
    for (let i = 0; i < 2; i++) {
      // The hour skipped in spring moves forward; the day in autumn has 25 hours.
      expect(localInstant('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
      const { start, end } = dayBounds('2026-10-25');
      expect((end.getTime() - start.getTime()) / 3_600_000).toBe(25);
    }
  });
});

describe('local date and time of an instant', () => {
  /** What TZDate (Intl) says of every instant, asked afresh. */
  const asked = (instant: Date, zone: string) => {
    const local = new TZDate(instant.getTime(), zone);
    const pad = (n: number) => String(n).padStart(2, '0');
    return [
      `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
      `${pad(local.getHours())}:${pad(local.getMinutes())}`,
    ];
  };

  it('agrees with Intl every minute around the changes to and from summer time, asked twice', () => {
    const around = [
      ['Europe/Amsterdam', '2026-03-29T01:00:00Z'],
      ['Europe/Amsterdam', '2026-10-25T01:00:00Z'],
      ['Europe/Amsterdam', '2026-12-31T23:00:00Z'],
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      // Half an hour of summer time, changing at half past.
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
      ['Asia/Kathmandu', '2026-06-30T18:15:00Z'],
    ] as const;
    for (let round = 0; round < 2; round++)
      for (const [zone, change] of around)
        for (let minute = -90; minute <= 90; minute++) {
          const instant = new Date(Date.parse(change) + minute * 60_000 + 17_000);
          expect([localDate(instant, zone), localTime(instant, zone)]).toEqual(asked(instant, zone));
        }
  });

  it('reads the Dutch day of an instant late in the evening', () => {
    expect(localDate(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
    expect(localTime(new Date('2026-07-01T22:30:00Z'))).toBe('00:30');
    expect(localDate(new Date('2026-01-01T22:30:00Z'))).toBe('2026-01-01');
  });
});
