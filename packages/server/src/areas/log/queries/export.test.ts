import { describe, expect, it } from 'vitest';
import { monthWindows } from './export.ts';

describe('monthWindows', () => {
  it('covers every instant once, newest first: the months, the gap between them and the open ends', () => {
    expect(monthWindows(['2026-02-01', '2026-01-01', '2026-05-01'])).toEqual([
      { from: '2026-06-01T00:00:00Z', to: null },
      { from: '2026-05-01T00:00:00Z', to: '2026-06-01T00:00:00Z' },
      { from: '2026-03-01T00:00:00Z', to: '2026-05-01T00:00:00Z' },
      { from: '2026-02-01T00:00:00Z', to: '2026-03-01T00:00:00Z' },
      { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' },
      { from: null, to: '2026-01-01T00:00:00Z' },
    ]);
  });

  it('is one window over all time without partitions, and crosses a year end', () => {
    expect(monthWindows([])).toEqual([{ from: null, to: null }]);
    expect(monthWindows(['2026-12-01']).map((w) => w.from)).toEqual([
      '2027-01-01T00:00:00Z',
      '2026-12-01T00:00:00Z',
      null,
    ]);
  });
});
