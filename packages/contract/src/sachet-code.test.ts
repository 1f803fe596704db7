import { describe, expect, it } from 'vitest';
import { mod3736, parsePortalCode, sachetCode, wristbandCode } from './sachet-code.ts';
import { readScan } from './scan.ts';

describe('sachet and wristband codes', () => {
  it('computes ISO 7064 MOD 37,36 check characters', () => {
    // The standard's worked example: "A12425GABC1234002" has check character "M".
    expect(mod3736('A12425GABC1234002')).toBe('M');
  });

  it('builds and reads a sachet code', () => {
    const code = sachetCode(42, 7, '2026-11-30', '08:00');
    expect(code).toMatch(/^ZPS1-42-7-202611300800-[0-9A-Z]$/);
    expect(parsePortalCode(code)).toEqual({
      ok: true,
      value: { kind: 'sachet', rollId: 42, patientId: 7, date: '2026-11-30', time: '08:00' },
    });
    expect(parsePortalCode(code.toLowerCase())).toMatchObject({ ok: true });
  });

  it('refuses every single misread character and every swap of neighbours', () => {
    const code = sachetCode(42, 7, '2026-11-30', '08:00');
    const chars = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
    for (let i = 5; i < code.length; i++) {
      if (code[i] === '-') continue;
      for (const c of chars) {
        if (c === code[i]) continue;
        const misread = code.slice(0, i) + c + code.slice(i + 1);
        expect(parsePortalCode(misread).ok, misread).toBe(false);
      }
      const j = i + 1;
      if (j < code.length && code[j] !== '-' && code[j] !== code[i]) {
        const swapped = code.slice(0, i) + code[j] + code[i] + code.slice(j + 1);
        expect(parsePortalCode(swapped).ok, swapped).toBe(false);
      }
    }
  });

  it('refuses impossible moments, ids beyond int32 and other shapes', () => {
    const fake = (body: string) => `${body}-${mod3736(body.replaceAll('-', ''))}`;
    expect(parsePortalCode(fake('ZPS1-1-2-202602300800'))).toEqual({ ok: false, error: 'malformed' });
    expect(parsePortalCode(fake('ZPS1-1-2-202611302400'))).toEqual({ ok: false, error: 'malformed' });
    expect(parsePortalCode(fake('ZPS1-1-9999999999-202611300800'))).toEqual({
      ok: false,
      error: 'malformed',
    });
    expect(parsePortalCode('ZPS1-1-2-2026113008-0')).toEqual({ ok: false, error: 'malformed' });
    expect(parsePortalCode('0109506000134352')).toEqual({ ok: false, error: 'not_portal_code' });
  });

  it('builds and reads a wristband code', () => {
    const code = wristbandCode(123);
    expect(parsePortalCode(code)).toEqual({ ok: true, value: { kind: 'wristband', patientId: 123 } });
    expect(parsePortalCode(code.slice(0, -1) + (code.endsWith('0') ? '1' : '0')).ok).toBe(false);
  });

  it('tells the three kinds apart when a scan is read', () => {
    expect(readScan(sachetCode(1, 2, '2026-11-30', '08:00'))).toMatchObject({ value: { kind: 'sachet' } });
    expect(readScan(wristbandCode(2))).toMatchObject({ value: { kind: 'wristband' } });
    expect(readScan(']d20109506000134352')).toMatchObject({ value: { kind: 'product' } });
    expect(readScan('4006381333931')).toMatchObject({ value: { kind: 'product' } });
    expect(readScan(sachetCode(1, 2, '2026-11-30', '08:00').slice(0, -1) + '!')).toMatchObject({ ok: false });
  });
});
