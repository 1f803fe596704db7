import { describe, expect, it } from 'vitest';
import { confirmNameMatches, normaliseName } from './confirm-name.ts';

describe('typing the name to delete for good', () => {
  it('matches the screen name exactly, ignoring outer spaces and doubled inner spaces (like the server)', () => {
    expect(confirmNameMatches('Jan van der Berg', 'Jan van der Berg')).toBe(true);
    expect(confirmNameMatches('  Jan  van der   Berg ', 'Jan van der Berg')).toBe(true);
  });

  it('does not match a partial, differently cased or empty name', () => {
    expect(confirmNameMatches('Jan van der', 'Jan van der Berg')).toBe(false);
    expect(confirmNameMatches('jan van der berg', 'Jan van der Berg')).toBe(false);
    expect(confirmNameMatches('', '')).toBe(false);
    expect(confirmNameMatches('   ', ' ')).toBe(false);
  });

  it('normalises whitespace, tabs included', () => {
    expect(normaliseName('\tEls \n Bos ')).toBe('Els Bos');
  });
});
