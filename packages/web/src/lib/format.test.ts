import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format.ts';

describe('date formats (spec §3)', () => {
  it('shows dates as DD-MM-YYYY and moments as YYYY-MM-DD HH:mm', () => {
    expect(formatDate('1950-03-07')).toBe('07-03-1950');
    expect(formatDateTime(new Date(2026, 0, 31, 9, 5))).toBe('2026-01-31 09:05');
  });

  it('shows nothing for a missing or invalid value', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('geen datum')).toBe('');
  });
});
