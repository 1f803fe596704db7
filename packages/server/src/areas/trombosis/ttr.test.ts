import { describe, expect, it } from 'vitest';
import { rosendaal, ttrPercent } from './ttr.ts';

const DAY = 86_400_000;
const at = (day: number, value: number, low = 2, high = 3) => ({ at: day * DAY, value, low, high });

describe('TTR by Rosendaal linear interpolation', () => {
  it('matches a worked example: 1.5 → 2.5 in 10 days, then → 4.5 in 20 days is 10 of 30 days', () => {
    // 1.5 → 2.5: in range from 2.0 on, half of the 10 days. 2.5 → 4.5: in range up to 3.0, a quarter of 20.
    const points = [at(0, 1.5), at(10, 2.5), at(30, 4.5)];
    const { inRange, total } = rosendaal(points, 0);
    expect(inRange / DAY).toBeCloseTo(10, 9);
    expect(total / DAY).toBeCloseTo(30, 9);
    expect(ttrPercent(points, 0)).toBe(33.3);
  });

  it('counts a flat stretch fully in or fully out, and needs two values', () => {
    expect(ttrPercent([at(0, 2.5), at(14, 2.5)], 0)).toBe(100);
    expect(ttrPercent([at(0, 3.5), at(14, 3.5)], 0)).toBe(0);
    expect(ttrPercent([at(0, 2.5)], 0)).toBeNull();
  });

  it('clips at the window start by interpolating there', () => {
    // 2.0 at day 0 → 4.0 at day 10; from day 5 (value 3.0) on it is above 3.0: nothing in range.
    expect(ttrPercent([at(0, 2), at(10, 4)], 5 * DAY)).toBe(0);
    expect(ttrPercent([at(0, 2), at(10, 4)], 0)).toBe(50);
  });

  it('judges each stretch by the range of its later value', () => {
    expect(ttrPercent([at(0, 3.2, 2, 3), at(10, 3.2, 2.5, 3.5)], 0)).toBe(100);
  });
});
