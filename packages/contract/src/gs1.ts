/**
 * GS1 element strings as a medicine pack carries them (GS1 DataMatrix, GS1-128; EU FMD): AI 01 (GTIN-14),
 * 17 (expiry), 10 (batch) and 21 (serial). Read from a camera (FNC1 arrives as GS, \x1d), from a hand
 * scanner (with its symbology identifier, ]d2 or ]C1) or typed from the print ("(01)…(17)…").
 * Deliberately strict: an AI we do not know cannot be skipped safely (its length is unknown), so it is
 * refused rather than guessed. No library does exactly this and no more, and it is our domain.
 */

export const GS = '\u001d';

export type Gs1Error =
  | 'empty'
  | 'check_digit'
  | 'truncated'
  | 'unknown_ai'
  | 'invalid_date'
  | 'invalid_value'
  | 'missing_separator'
  | 'duplicate_ai'
  | 'missing_gtin';

export interface Gs1Data {
  /** GTIN-14, check digit verified. */
  gtin: string;
  batch: string | null;
  /** Expiry as YYYY-MM-DD (day 00 = the last day of the month). */
  expiry: string | null;
  serial: string | null;
}

export type Gs1Result = { ok: true; value: Gs1Data } | { ok: false; error: Gs1Error; ai?: string };

type Ai = { fixed?: number; max: number; numeric: boolean };
/** Fixed-length AIs carry no separator after them; variable ones end at GS or at the end. */
const AIS: Record<string, Ai> = {
  '01': { fixed: 14, max: 14, numeric: true },
  '17': { fixed: 6, max: 6, numeric: true },
  '10': { max: 20, numeric: false },
  '21': { max: 20, numeric: false },
};
/** GS1 character set 82 (what AIs 10 and 21 may hold). */
const CSET_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;
const SYMBOLOGY = /^\](d2|C1|Q3|e0)/;

/** The GS1 mod-10 check digit of the digits before it (weights 3 and 1 from the right). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export const isValidGtin = (gtin: string): boolean =>
  /^\d{8}$|^\d{12,14}$/.test(gtin) && gs1CheckDigit(gtin.slice(0, -1)) === Number(gtin.at(-1));

/**
 * YYMMDD to YYYY-MM-DD; day 00 means the month's last day. The century follows GS1's sliding window
 * (General Specifications 7.12): within 49 years ahead and 50 behind `today`.
 */
export function gs1Date(yymmdd: string, today = new Date()): string | null {
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  let day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12) return null;
  const thisYear = today.getUTCFullYear();
  const century = Math.floor(thisYear / 100) * 100;
  const diff = yy - (thisYear % 100);
  const year = century + yy + (diff >= 51 ? -100 : diff <= -50 ? 100 : 0);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === 0) day = last;
  if (day > last) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "(01)0950…(17)2612…" as element pairs; null when the text is not in that form. */
function bracketed(text: string): [string, string][] | null {
  if (!text.startsWith('(')) return null;
  const pairs: [string, string][] = [];
  const pattern = /\((\d{2,4})\)([^()]*)/gy;
  let match: RegExpExecArray | null;
  let end = 0;
  while ((match = pattern.exec(text))) {
    pairs.push([match[1]!, match[2]!]);
    end = pattern.lastIndex;
  }
  return end === text.length ? pairs : null;
}

/** The element string (FNC1 as GS) as pairs, or the first error met. */
function elements(text: string): [string, string][] | Extract<Gs1Result, { ok: false }> {
  const pairs: [string, string][] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === GS) {
      at++;
      continue;
    }
    const code = text.slice(at, at + 2);
    const ai = AIS[code];
    if (!ai) return { ok: false, error: /^\d{2}$/.test(code) ? 'unknown_ai' : 'invalid_value', ai: code };
    at += 2;
    if (ai.fixed) {
      const value = text.slice(at, at + ai.fixed);
      if (value.length < ai.fixed || value.includes(GS)) return { ok: false, error: 'truncated', ai: code };
      pairs.push([code, value]);
      at += ai.fixed;
    } else {
      const stop = text.indexOf(GS, at);
      const value = text.slice(at, stop === -1 ? undefined : stop);
      // A variable field runs to the next GS; longer than its maximum means the GS was left out.
      if (value.length > ai.max) return { ok: false, error: 'missing_separator', ai: code };
      pairs.push([code, value]);
      at += value.length;
    }
  }
  return pairs;
}

/** Parses a scanned or typed GS1 element string with AIs 01, 10, 17 and 21. */
export function parseGs1(raw: string, today = new Date()): Gs1Result {
  let text = raw.trim().replace(SYMBOLOGY, '');
  while (text.startsWith(GS)) text = text.slice(1); // FNC1 in first position marks GS1, nothing more
  if (!text) return { ok: false, error: 'empty' };
  const pairs = bracketed(text) ?? elements(text);
  if (!Array.isArray(pairs)) return pairs;
  const value: Gs1Data = { gtin: '', batch: null, expiry: null, serial: null };
  const seen = new Set<string>();
  for (const [code, field] of pairs) {
    const ai = AIS[code];
    if (!ai) return { ok: false, error: 'unknown_ai', ai: code };
    if (seen.has(code)) return { ok: false, error: 'duplicate_ai', ai: code };
    seen.add(code);
    if (ai.fixed && field.length < ai.fixed) return { ok: false, error: 'truncated', ai: code };
    if (field.length > ai.max) return { ok: false, error: 'invalid_value', ai: code };
    if (ai.numeric ? !/^\d+$/.test(field) : !CSET_82.test(field))
      return { ok: false, error: 'invalid_value', ai: code };
    if (code === '01') {
      if (!isValidGtin(field)) return { ok: false, error: 'check_digit', ai: code };
      value.gtin = field;
    } else if (code === '17') {
      value.expiry = gs1Date(field, today);
      if (!value.expiry) return { ok: false, error: 'invalid_date', ai: code };
    } else if (code === '10') value.batch = field;
    else value.serial = field;
  }
  if (!value.gtin) return { ok: false, error: 'missing_gtin' };
  return { ok: true, value };
}

/** A bare GTIN (EAN-13 or GTIN-14 in a linear code on the box) as GTIN-14, or null. */
export function bareGtin(raw: string): string | null {
  const text = raw.trim().replace(/^\](E0|C0|I1)/, '');
  return /^\d{13,14}$/.test(text) && isValidGtin(text) ? text.padStart(14, '0') : null;
}

/** Builds an element string (GS after each variable field but the last) for labels and tests. */
export function gs1ElementString(data: Partial<Gs1Data> & { gtin: string; expiryYymmdd?: string }): string {
  const parts = [`01${data.gtin}`];
  if (data.expiryYymmdd) parts.push(`17${data.expiryYymmdd}`);
  const variable = [data.batch && `10${data.batch}`, data.serial && `21${data.serial}`].filter(Boolean);
  return parts.join('') + variable.join(GS);
}
