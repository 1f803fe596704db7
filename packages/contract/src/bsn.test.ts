import { describe, expect, it } from 'vitest';
import { isValidBsn } from './bsn.ts';

describe('isValidBsn (elfproef)', () => {
  it.each(['111222333', '123456782', '999990019', '012345672'])('accepts %s', (bsn) => {
    expect(isValidBsn(bsn)).toBe(true);
  });

  it('refuses a number whose weighted sum is not divisible by 11', () => {
    expect(isValidBsn('123456789')).toBe(false);
    expect(isValidBsn('111222334')).toBe(false);
  });

  it('refuses a wrong length, non-digits and all zeros', () => {
    for (const bsn of ['12345678', '1234567820', '12345678a', ' 123456782', '', '000000000']) {
      expect(isValidBsn(bsn)).toBe(false);
    }
  });

  it('catches every single-digit typo of a valid number', () => {
    const valid = '123456782';
    for (let i = 0; i < 9; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        const typo = valid.slice(0, i) + d + valid.slice(i + 1);
        expect(isValidBsn(typo), typo).toBe(false);
      }
    }
  });
});
