import { describe, expect, it } from 'vitest';
import { dayBounds, localInstant } from './time.ts';

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
