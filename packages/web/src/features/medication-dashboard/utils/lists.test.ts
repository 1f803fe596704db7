import { describe, expect, it } from 'vitest';
import { MEDICATION_DASHBOARD_LISTS } from '@zorgportaal/contract';
import { columnsOf, parseList } from './lists.ts';

describe('the Medicatiedashboard lists', () => {
  it('takes only a known list from the address', () => {
    expect(parseList('interim')).toBe('interim');
    expect(parseList('nope')).toBeNull();
    expect(parseList('')).toBeNull();
    expect(parseList(null)).toBeNull();
  });

  it('shows the client first in every list, and what the list is about', () => {
    for (const list of MEDICATION_DASHBOARD_LISTS)
      expect(columnsOf(list).slice(0, 2)).toEqual(['patient', 'place']);
    expect(columnsOf('stopped')).toContain('stopType');
    expect(columnsOf('interim')).toEqual(expect.arrayContaining(['change', 'roll']));
    expect(columnsOf('allergies')).toContain('allergies');
    expect(columnsOf('noConsent')).toContain('consent');
  });
});
