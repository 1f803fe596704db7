import { describe, expect, it } from 'vitest';
import { chosenWeekdaysText, formatDay, momentsText, periodParts } from './instructions.ts';

describe('AMO texts', () => {
  it('lists the times in order with their dose (Dutch decimals)', () => {
    expect(
      momentsText({
        DoseUnit: 'tablet',
        Moments: [
          { Time: '20:00', Dose: 0.5 },
          { Time: '08:00', Dose: 1 },
        ],
      }),
    ).toBe('08:00 1 tablet · 20:00 0,5 tablet');
  });

  it('names weekdays Monday first', () => {
    const names = ['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo'];
    expect(chosenWeekdaysText([5, 1, 3], names)).toBe('ma, wo, vr');
    expect(chosenWeekdaysText([], names)).toBe('');
  });

  it('shows days in Europe/Amsterdam and an exclusive End as the day before', () => {
    expect(formatDay('2026-03-28T23:30:00Z')).toBe('29-03-2026');
    expect(periodParts({ Start: '2026-03-01T08:00:00Z', End: null })).toEqual({
      start: '01-03-2026',
      end: null,
    });
    // Ends at midnight Amsterdam time (23:00 UTC in winter): it ran through 14 March.
    expect(periodParts({ Start: '2026-03-01T08:00:00Z', End: '2026-03-14T23:00:00Z' })).toEqual({
      start: '01-03-2026',
      end: '14-03-2026',
    });
  });
});
