import { describe, expect, it } from 'vitest';
import { bareGtin, GS, gs1CheckDigit, gs1Date, gs1ElementString, isValidGtin, parseGs1 } from './gs1.ts';

const TODAY = new Date('2026-11-26T12:00:00Z');
const GTIN = '09506000134352'; // GS1's own example GTIN
const parse = (text: string) => parseGs1(text, TODAY);

describe('GS1 element strings', () => {
  it('computes and verifies the GTIN check digit', () => {
    expect(gs1CheckDigit('0950600013435')).toBe(2);
    expect(isValidGtin(GTIN)).toBe(true);
    expect(isValidGtin('09506000134353')).toBe(false);
    expect(isValidGtin('4006381333931')).toBe(true); // an EAN-13
  });

  it('reads GTIN, expiry, batch and serial with GS after a variable field', () => {
    expect(parse(`01${GTIN}17271231` + `10AB-12${GS}21SN0001`)).toEqual({
      ok: true,
      value: { gtin: GTIN, expiry: '2027-12-31', batch: 'AB-12', serial: 'SN0001' },
    });
  });

  it('takes a variable field last without a separator, and fixed fields in any order', () => {
    expect(parse(`21XYZ${GS}17270600` + `01${GTIN}`)).toMatchObject({
      ok: true,
      value: { gtin: GTIN, serial: 'XYZ', expiry: '2027-06-30' },
    });
  });

  it('strips the symbology identifiers ]d2 and ]C1 and a leading FNC1', () => {
    for (const prefix of [']d2', ']C1', GS, `]d2${GS}`])
      expect(parse(`${prefix}01${GTIN}10B1`)).toMatchObject({ ok: true, value: { batch: 'B1' } });
  });

  it('reads the human-readable form with brackets', () => {
    expect(parse(`(01)${GTIN}(17)261200(10)L0T(21)123`)).toEqual({
      ok: true,
      value: { gtin: GTIN, expiry: '2026-12-31', batch: 'L0T', serial: '123' },
    });
  });

  it('refuses a wrong check digit', () => {
    expect(parse('0109506000134353')).toEqual({ ok: false, error: 'check_digit', ai: '01' });
    expect(parse(`(01)09506000134353`)).toEqual({ ok: false, error: 'check_digit', ai: '01' });
  });

  it('refuses truncated fixed-length fields', () => {
    expect(parse('01095060001343')).toEqual({ ok: false, error: 'truncated', ai: '01' });
    expect(parse(`01${GTIN}172612`)).toEqual({ ok: false, error: 'truncated', ai: '17' });
    expect(parse(`01${GTIN}1726${GS}10A`)).toEqual({ ok: false, error: 'truncated', ai: '17' });
    expect(parse(`(01)${GTIN}(17)2612`)).toEqual({ ok: false, error: 'truncated', ai: '17' });
  });

  it('refuses an unknown AI rather than guessing its length', () => {
    expect(parse(`01${GTIN}71212345`)).toEqual({ ok: false, error: 'unknown_ai', ai: '71' });
    expect(parse(`(01)${GTIN}(712)12345`)).toEqual({ ok: false, error: 'unknown_ai', ai: '712' });
  });

  it('reads day 00 as the last day of the month, leap years included', () => {
    expect(gs1Date('280200', TODAY)).toBe('2028-02-29');
    expect(gs1Date('270200', TODAY)).toBe('2027-02-28');
    expect(gs1Date('261100', TODAY)).toBe('2026-11-30');
  });

  it('refuses impossible dates', () => {
    expect(parse(`01${GTIN}17271301`)).toEqual({ ok: false, error: 'invalid_date', ai: '17' });
    expect(parse(`01${GTIN}17270230`)).toEqual({ ok: false, error: 'invalid_date', ai: '17' });
  });

  it('puts a two-digit year in the sliding century window', () => {
    expect(gs1Date('991231', TODAY)).toBe('1999-12-31');
    expect(gs1Date('751231', TODAY)).toBe('2075-12-31');
    expect(gs1Date('771231', TODAY)).toBe('1977-12-31');
  });

  it('refuses a variable field that ran into the next one (missing separator)', () => {
    // Without GS the batch swallows the expiry and the serial: longer than 20 characters.
    expect(parse(`01${GTIN}10BATCH1234567817271231`)).toEqual({
      ok: false,
      error: 'missing_separator',
      ai: '10',
    });
  });

  it('refuses duplicates, characters outside set 82, an empty scan and a code without GTIN', () => {
    expect(parse(`01${GTIN}01${GTIN}`)).toEqual({ ok: false, error: 'duplicate_ai', ai: '01' });
    expect(parse(`01${GTIN}10A B`)).toEqual({ ok: false, error: 'invalid_value', ai: '10' });
    expect(parse('  ')).toEqual({ ok: false, error: 'empty' });
    expect(parse('10ABC')).toEqual({ ok: false, error: 'missing_gtin' });
    expect(parse('hello')).toMatchObject({ ok: false, error: 'invalid_value' });
  });

  it('builds element strings that read back', () => {
    const text = gs1ElementString({ gtin: GTIN, expiryYymmdd: '270100', batch: 'B7', serial: 'S9' });
    expect(text).toBe(`01${GTIN}17270100` + `10B7${GS}21S9`);
    expect(parse(text)).toMatchObject({ ok: true, value: { expiry: '2027-01-31', batch: 'B7' } });
  });

  it('reads a bare EAN-13 or GTIN-14 from a linear code', () => {
    expect(bareGtin('4006381333931')).toBe('04006381333931');
    expect(bareGtin(GTIN)).toBe(GTIN);
    expect(bareGtin('4006381333932')).toBeNull();
  });
});
