import { describe, expect, it } from 'vitest';
import { isLate, minutesPast, splitDelay } from './lateness.ts';

const planned = '2026-03-29T06:00:00Z';
const at = (iso: string) => Date.parse(iso);

describe('lateness', () => {
  it('counts whole minutes past the planned time, never negative', () => {
    expect(minutesPast(planned, at('2026-03-29T05:30:00Z'))).toBe(0);
    expect(minutesPast(planned, at('2026-03-29T06:59:59Z'))).toBe(59);
    expect(minutesPast(planned, at('2026-03-29T08:05:00Z'))).toBe(125);
    expect(minutesPast(null, at('2026-03-29T08:05:00Z'))).toBe(0);
    expect(minutesPast('not a date', at('2026-03-29T08:05:00Z'))).toBe(0);
  });

  it('is late only after more than 60 minutes (domain.md)', () => {
    expect(isLate(planned, at('2026-03-29T07:00:00Z'))).toBe(false);
    expect(isLate(planned, at('2026-03-29T07:00:59Z'))).toBe(false);
    expect(isLate(planned, at('2026-03-29T07:01:00Z'))).toBe(true);
    expect(isLate(null, at('2026-03-29T12:00:00Z'))).toBe(false);
  });

  it('splits a delay into hours and minutes for display', () => {
    expect(splitDelay(45)).toEqual({ hours: 0, minutes: 45 });
    expect(splitDelay(125)).toEqual({ hours: 2, minutes: 5 });
    expect(splitDelay(-3)).toEqual({ hours: 0, minutes: 0 });
  });
});
