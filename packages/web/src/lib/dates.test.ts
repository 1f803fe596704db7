import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayInAmsterdam, weekdayIndex } from './dates.ts';

describe('the Europe/Amsterdam calendar', () => {
  afterEach(() => vi.useRealTimers());

  it('calls today the Amsterdam day, also when it is still yesterday in UTC', () => {
    vi.useFakeTimers({ now: new Date('2026-03-28T23:30:00Z'), toFake: ['Date'] });
    expect(todayInAmsterdam()).toBe('2026-03-29');
    vi.setSystemTime(new Date('2026-07-01T21:59:00Z'));
    expect(todayInAmsterdam()).toBe('2026-07-01');
    vi.setSystemTime(new Date('2026-07-01T22:00:00Z'));
    expect(todayInAmsterdam()).toBe('2026-07-02');
  });

  it('shifts days across month ends and the summer-time change', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-10-25', -7)).toBe('2026-10-18');
  });

  it('counts weekdays Monday first', () => {
    expect(weekdayIndex('2026-03-30')).toBe(0);
    expect(weekdayIndex('2026-03-29')).toBe(6);
  });
});
