import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDecimal, groupLabel, parseDutchDate } from './format.ts';

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

describe('parseDutchDate', () => {
  it('reads DD-MM-YYYY (and / or . or single digits) as YYYY-MM-DD', () => {
    expect(parseDutchDate('04-07-1961')).toBe('1961-07-04');
    expect(parseDutchDate('4/7/1961')).toBe('1961-07-04');
    expect(parseDutchDate('29-02-2024')).toBe('2024-02-29');
  });

  it('refuses impossible calendar dates and other text', () => {
    expect(parseDutchDate('31-02-1949')).toBeNull();
    expect(parseDutchDate('29-02-2023')).toBeNull();
    expect(parseDutchDate('1949-02-03')).toBeNull();
    expect(parseDutchDate('gisteren')).toBeNull();
  });
});

describe('groupLabel', () => {
  it('shows a day group as DD-MM-YYYY and other groups by their label', () => {
    expect(groupLabel('day', { Key: '2026-03-10', Label: '2026-03-10' })).toBe('10-03-2026');
    expect(groupLabel('department', { Key: '4', Label: 'Afdeling Eikenhof' })).toBe('Afdeling Eikenhof');
  });
});

describe('formatDecimal', () => {
  it('writes one decimal with a comma, as Dutch readers do', () => {
    expect([3.6, 81.25, 2, 0.04].map(formatDecimal)).toEqual(['3,6', '81,3', '2,0', '0,0']);
  });
});
