import { describe, expect, it } from 'vitest';
import { isRiskProduct } from '@zorgportaal/contract';
import { doubleCheckRefusal, isLate, needsDoubleCheck } from './rules.ts';

const planned = new Date('2026-01-15T07:00:00Z');
const minutesAfter = (m: number) => new Date(planned.getTime() + m * 60_000);

describe('isLate (more than 60 minutes after the planned time)', () => {
  it('an open moment becomes late after 60 minutes', () => {
    expect(isLate(planned, null, minutesAfter(60))).toBe(false);
    expect(isLate(planned, null, minutesAfter(61))).toBe(true);
  });

  it('a given dose is late when administered more than 60 minutes after its time', () => {
    const now = minutesAfter(600);
    expect(isLate(planned, { status: 'given', administeredAt: minutesAfter(60) }, now)).toBe(false);
    expect(isLate(planned, { status: 'partial', administeredAt: minutesAfter(75) }, now)).toBe(true);
    expect(isLate(planned, { status: 'given', administeredAt: minutesAfter(-30) }, now)).toBe(false);
  });

  it('a refused dose and as-needed medication are never late', () => {
    expect(isLate(planned, { status: 'refused', administeredAt: null }, minutesAfter(600))).toBe(false);
    expect(isLate(null, null, minutesAfter(600))).toBe(false);
  });
});

describe('double check (four eyes) for risk categories', () => {
  it('knows the five risk categories', () => {
    for (const c of ['opiaat', 'coumarine', 'insuline', 'injectie', 'cytostaticum']) {
      expect(isRiskProduct([c])).toBe(true);
    }
    expect(isRiskProduct([])).toBe(false);
    expect(isRiskProduct(['vitamine'])).toBe(false);
  });

  it('needs a check only when the dose went in', () => {
    expect(needsDoubleCheck(['insuline'], 'given')).toBe(true);
    expect(needsDoubleCheck(['opiaat'], 'partial')).toBe(true);
    expect(needsDoubleCheck(['opiaat'], 'refused')).toBe(false);
    expect(needsDoubleCheck([], 'given')).toBe(false);
  });

  it('refuses the same user, a second check and a check nobody needs', () => {
    const open = { doubleCheckRequired: true, doubleCheckBy: null, recordedBy: 7 };
    expect(doubleCheckRefusal(open, 7)).toBe('same_user');
    expect(doubleCheckRefusal(open, 8)).toBeNull();
    expect(doubleCheckRefusal({ ...open, doubleCheckBy: 8 }, 9)).toBe('already_checked');
    expect(doubleCheckRefusal({ ...open, doubleCheckRequired: false }, 8)).toBe('not_required');
  });
});
