import { describe, expect, it } from 'vitest';
import {
  EMPTY_LOG_FILTERS,
  periodIsValid,
  readLogFilters,
  toLogQuery,
  writeLogFilters,
} from './log-filters.ts';

describe('Logboek filters', () => {
  it('round-trips the filters through the URL and drops the empty ones', () => {
    const state = {
      ...EMPTY_LOG_FILTERS,
      from: '2026-01-01',
      personId: '42',
      action: 'U' as const,
      outcome: 'denied',
    };
    const params = writeLogFilters(state);
    expect(params.toString()).toBe('from=2026-01-01&personId=42&action=U&outcome=denied');
    expect(readLogFilters(params)).toEqual(state);
  });

  it('ignores values the server would refuse', () => {
    expect(
      readLogFilters(
        new URLSearchParams('from=gisteren&to=2026-13&userId=0&personId=x&action=X&outcome=maybe'),
      ),
    ).toEqual(EMPTY_LOG_FILTERS);
  });

  it('builds the query with only the set filters (no cursor: that is the page’s business)', () => {
    expect(toLogQuery({ ...EMPTY_LOG_FILTERS, userId: '7', to: '2026-02-01' })).toEqual({
      to: '2026-02-01',
      userId: '7',
    });
    expect(toLogQuery(EMPTY_LOG_FILTERS)).toEqual({});
  });

  it('refuses a period that ends before it starts', () => {
    expect(periodIsValid({ ...EMPTY_LOG_FILTERS, from: '2026-02-02', to: '2026-02-01' })).toBe(false);
    expect(periodIsValid({ ...EMPTY_LOG_FILTERS, from: '2026-02-01', to: '2026-02-01' })).toBe(true);
    expect(periodIsValid({ ...EMPTY_LOG_FILTERS, to: '2026-02-01' })).toBe(true);
  });
});
