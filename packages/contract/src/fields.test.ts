import { describe, expect, it } from 'vitest';
import { bodyIdSchema, idSchema, multilineText, text } from './fields.ts';

describe('text fields', () => {
  it('refuse NUL, other C0 controls and DEL, naming the reason', () => {
    for (const value of ['a\u0000b', '\u0007', 'x\u001b[31m', '\u007f', 'a\nb']) {
      const result = text().safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Dit veld bevat ongeldige tekens.');
    }
    expect(text().safeParse('Jan de\tVries-Ålesund').success).toBe(true);
  });

  it('let multi-line text keep its line breaks and tabs, but not NUL', () => {
    expect(multilineText().safeParse('regel 1\r\nregel 2\n\tingesprongen').success).toBe(true);
    expect(multilineText().safeParse('regel\u0000').success).toBe(false);
    expect(multilineText().safeParse('\u000b').success).toBe(false);
  });
});

describe('the one id schema', () => {
  it('takes positive 32-bit ids written in decimal digits, or JSON numbers', () => {
    expect(idSchema.parse('16')).toBe(16);
    expect(idSchema.parse('2147483647')).toBe(2_147_483_647);
    expect(idSchema.parse(7)).toBe(7);
  });

  it('refuses ids that would mean another record or overflow the column', () => {
    for (const value of [
      '0x10',
      '16.0',
      '1e1',
      '+5',
      ' 5',
      '5 ',
      '-1',
      '0',
      '2147483648',
      '',
      'abc',
      2 ** 31,
      1.5,
    ])
      expect(idSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });

  it('takes only JSON numbers in a body', () => {
    expect(bodyIdSchema.safeParse('5').success).toBe(false);
    expect(bodyIdSchema.safeParse(2 ** 31).success).toBe(false);
    expect(bodyIdSchema.parse(5)).toBe(5);
  });
});
