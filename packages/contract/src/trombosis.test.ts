import { describe, expect, it } from 'vitest';
import {
  defaultCheckIntervalDays,
  dosageSchemeBodySchema,
  inrValueBodySchema,
  interpretInr,
  TARGET_GROUP_RANGES,
  targetRangeBodySchema,
  weekTotal,
} from './trombosis.ts';

const group1 = TARGET_GROUP_RANGES.group1;
const group2 = TARGET_GROUP_RANGES.group2;

describe('INR interpretation', () => {
  it('judges the boundaries: 1.5, 2.0, 3.0, 3.5 and 6.0', () => {
    expect(interpretInr(1.4, group1)).toBe('critical');
    expect(interpretInr(1.5, group1)).toBe('below');
    expect(interpretInr(1.9, group1)).toBe('below');
    expect(interpretInr(2.0, group1)).toBe('in');
    expect(interpretInr(3.0, group1)).toBe('in');
    expect(interpretInr(3.1, group1)).toBe('above');
    expect(interpretInr(3.5, group1)).toBe('above');
    expect(interpretInr(3.5, group2)).toBe('in');
    expect(interpretInr(2.4, group2)).toBe('below');
    expect(interpretInr(5.9, group2)).toBe('above');
    expect(interpretInr(6.0, group2)).toBe('critical');
    expect(interpretInr(15, group1)).toBe('critical');
  });

  it('is not fooled by binary fractions (0.1 + 0.2 style sums)', () => {
    expect(interpretInr(0.1 + 2.9, group1)).toBe('in');
    expect(interpretInr(2.9 + 0.1 + 1e-12, group1)).toBe('in');
  });
});

describe('INR value body', () => {
  const ok = { Value: 2.4, MeasuredAt: '2026-01-05T09:10:00+01:00', Method: 'venous' };
  it('accepts one decimal within 0.8–15.0 and refuses the rest naming Value', () => {
    expect(inrValueBodySchema.safeParse(ok).success).toBe(true);
    for (const Value of [0.7, 15.1, 2.45, Number.NaN]) {
      const result = inrValueBodySchema.safeParse({ ...ok, Value });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual(['Value']);
    }
  });
  it('refuses an unknown method and a date that does not exist', () => {
    expect(inrValueBodySchema.safeParse({ ...ok, Method: 'guess' }).error!.issues[0]!.path).toEqual([
      'Method',
    ]);
    expect(
      inrValueBodySchema.safeParse({ ...ok, MeasuredAt: '2026-02-30T09:00:00Z' }).error!.issues[0]!.path,
    ).toEqual(['MeasuredAt']);
  });
});

describe('target range body', () => {
  it('needs both bounds, in order, for a custom range', () => {
    expect(targetRangeBodySchema.safeParse({ Group: 'group1' }).success).toBe(true);
    expect(targetRangeBodySchema.safeParse({ Group: 'custom', Low: 2.0, High: 3.5 }).success).toBe(true);
    const missing = targetRangeBodySchema.safeParse({ Group: 'custom', Low: 2.0 });
    expect(missing.error!.issues.map((i) => i.path)).toEqual([['High']]);
    const reversed = targetRangeBodySchema.safeParse({ Group: 'custom', Low: 3.0, High: 2.5 });
    expect(reversed.error!.issues.map((i) => i.path)).toEqual([['High']]);
  });
});

describe('dosage scheme body', () => {
  const ok = {
    Drug: 'acenocoumarol',
    ValidFrom: '2026-03-02',
    TabletsPerDay: [2, 1.5, 2, 1.5, 2, 1.5, 2],
    NextCheck: '2026-03-23',
  };
  it('takes whole and half tablets and totals the week in mg', () => {
    expect(dosageSchemeBodySchema.safeParse(ok).success).toBe(true);
    expect(weekTotal('acenocoumarol', ok.TabletsPerDay)).toEqual({ Tablets: 12.5, Mg: 12.5 });
    expect(weekTotal('fenprocoumon', [1, 0.5, 1, 0.5, 1, 0.5, 1])).toEqual({ Tablets: 5.5, Mg: 16.5 });
  });
  it('refuses quarter tablets, too many tablets and a week that is not 7 days, naming the day', () => {
    const quarter = dosageSchemeBodySchema.safeParse({ ...ok, TabletsPerDay: [2, 1.25, 2, 1.5, 2, 1.5, 2] });
    expect(quarter.error!.issues[0]!.path).toEqual(['TabletsPerDay', 1]);
    const tooMany = dosageSchemeBodySchema.safeParse({
      ...ok,
      Drug: 'fenprocoumon',
      TabletsPerDay: [1, 1, 1, 1, 1, 1, 5],
    });
    expect(tooMany.error!.issues[0]!.path).toEqual(['TabletsPerDay', 6]);
    expect(dosageSchemeBodySchema.safeParse({ ...ok, TabletsPerDay: [1, 1] }).error!.issues[0]!.path).toEqual(
      ['TabletsPerDay'],
    );
  });
  it('puts the next check after the start and at most 6 weeks later', () => {
    expect(dosageSchemeBodySchema.safeParse({ ...ok, NextCheck: '2026-04-13' }).success).toBe(true);
    for (const NextCheck of ['2026-03-02', '2026-04-14']) {
      expect(dosageSchemeBodySchema.safeParse({ ...ok, NextCheck }).error!.issues[0]!.path).toEqual([
        'NextCheck',
      ]);
    }
  });
});

describe('default next check', () => {
  it('follows the documented rule', () => {
    expect(defaultCheckIntervalDays([])).toBe(7);
    expect(defaultCheckIntervalDays(['critical', 'in', 'in'])).toBe(1);
    expect(defaultCheckIntervalDays(['above', 'in', 'in'])).toBe(7);
    expect(defaultCheckIntervalDays(['in', 'below'])).toBe(21);
    expect(defaultCheckIntervalDays(['in', 'in', 'in'])).toBe(42);
  });
});
