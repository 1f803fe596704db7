import { describe, expect, it } from 'vitest';
import { timeBuckets } from './time-buckets.ts';
import {
  addDays,
  dayBounds,
  isoWeekKey,
  isoWeekday,
  localDate,
  localTime,
  parseBoundary,
} from '../../platform/time.ts';

describe('Dutch local days as UTC instants', () => {
  it('a day lasts 23 hours when summer time starts and 25 when it ends', () => {
    const hours = (date: string) => {
      const { start, end } = dayBounds(date);
      return (end.getTime() - start.getTime()) / 3_600_000;
    };
    expect(hours('2026-03-29')).toBe(23);
    expect(hours('2026-10-25')).toBe(25);
    expect(hours('2026-06-01')).toBe(24);
    expect(dayBounds('2026-01-15').start.toISOString()).toBe('2026-01-14T23:00:00.000Z');
  });

  it('reads instants back as local day and time', () => {
    expect(localDate(new Date('2026-01-14T23:30:00Z'))).toBe('2026-01-15');
    expect(localTime(new Date('2026-07-01T06:00:00Z'))).toBe('08:00');
  });

  it('a plain Start date is 00:00 that day, a plain End date runs through that day', () => {
    expect(parseBoundary('2026-01-15', 'start').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(parseBoundary('2026-01-15', 'end').toISOString()).toBe('2026-01-15T23:00:00.000Z');
    expect(parseBoundary('2026-01-15T12:00:00+01:00', 'end').toISOString()).toBe('2026-01-15T11:00:00.000Z');
  });

  it('does calendar arithmetic and ISO weekdays and weeks', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(isoWeekday('2026-01-18')).toBe(7);
    expect(isoWeekKey('2026-01-01')).toBe('2026-W01'); // a Thursday
    expect(isoWeekKey('2027-01-01')).toBe('2026-W53'); // a Friday: still week 53 of 2026
    expect(isoWeekKey('2024-12-30')).toBe('2025-W01'); // a Monday
  });
});

describe('timeBuckets', () => {
  it('labels day and ISO-week buckets of a period, DST days included', () => {
    const days = timeBuckets('day', '2026-03-28', '2026-03-30');
    expect([1, 2, 3].map(days.label)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    const weeks = timeBuckets('week', '2026-01-01', '2026-01-20');
    expect([1, 2, 3, 4].map(weeks.label)).toEqual(['2026-W01', '2026-W02', '2026-W03', '2026-W04']);
  });
});
