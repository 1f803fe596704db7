import { describe, expect, it } from 'vitest';
import { calendarWeeks, tabletsText } from './tablets.ts';

describe('dosing calendar', () => {
  it('writes halves as a calendar does', () => {
    expect([0, 0.5, 1, 1.5, 2].map(tabletsText)).toEqual(['0', '½', '1', '1½', '2']);
  });

  it('lays the period out in weeks from Monday, each day with its weekday dose', () => {
    // 2026-03-04 is a Wednesday; the check on Tuesday 2026-03-10.
    const weeks = calendarWeeks('2026-03-04', '2026-03-10', [1, 1.5, 2, 2.5, 3, 3.5, 4]);
    expect(weeks).toHaveLength(2);
    expect(weeks[0]!.slice(0, 2)).toEqual([null, null]);
    expect(weeks[0]![2]).toEqual({ date: '2026-03-04', tablets: 2, check: false });
    expect(weeks[0]![6]).toEqual({ date: '2026-03-08', tablets: 4, check: false });
    expect(weeks[1]![1]).toEqual({ date: '2026-03-10', tablets: 1.5, check: true });
    expect(weeks[1]!.slice(2)).toEqual([null, null, null, null, null]);
  });
});
