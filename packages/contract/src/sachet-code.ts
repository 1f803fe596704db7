/**
 * The portal's own codes (docs/baxter-roll-file.md "Sachet code"): the Baxter sachet printed by the
 * pharmacy robot, and the client wristband.
 *   sachet:    ZPS1-<roll id>-<patient id>-<YYYYMMDDHHmm>-<check>   (moment in Europe/Amsterdam time)
 *   wristband: ZPC1-<patient id>-<check>
 * Upper-case letters, digits and "-" only: every scanner symbology and keyboard layout carries them.
 * The check character is ISO 7064 MOD 37,36 over the characters before it (hyphens left out), so any
 * single misread character and any swap of two neighbours is refused instead of read as another sachet.
 */

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** ISO/IEC 7064 MOD 37,36 (the hybrid system) check character of `text` (0-9, A-Z). */
export function mod3736(text: string): string {
  const m = 36;
  let p = m;
  for (const char of text) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) throw new Error(`not in the check alphabet: ${char}`);
    let s = (p + value) % m;
    if (s === 0) s = m;
    p = (s * 2) % (m + 1);
  }
  return ALPHABET[(m + 1 - p) % m]!;
}

export type SachetCode = { kind: 'sachet'; rollId: number; patientId: number; date: string; time: string };
export type WristbandCode = { kind: 'wristband'; patientId: number };
export type PortalCode = SachetCode | WristbandCode;
export type PortalCodeError = 'not_portal_code' | 'check_character' | 'malformed';

const SACHET = /^ZPS1-([1-9]\d{0,9})-([1-9]\d{0,9})-(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})-([0-9A-Z])$/;
const WRISTBAND = /^ZPC1-([1-9]\d{0,9})-([0-9A-Z])$/;

const withCheck = (body: string) => `${body}-${mod3736(body.replaceAll('-', ''))}`;

/** A sachet's code; `date` YYYY-MM-DD and `time` HH:mm are the intake moment in Amsterdam time. */
export const sachetCode = (rollId: number, patientId: number, date: string, time: string): string =>
  withCheck(`ZPS1-${rollId}-${patientId}-${date.replaceAll('-', '')}${time.replace(':', '')}`);

export const wristbandCode = (patientId: number): string => withCheck(`ZPC1-${patientId}`);

const validMoment = (y: string, mo: string, d: string, h: string, mi: string) => {
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return (
    date.getUTCFullYear() === Number(y) &&
    date.getUTCMonth() === Number(mo) - 1 &&
    date.getUTCDate() === Number(d) &&
    Number(h) < 24 &&
    Number(mi) < 60
  );
};

/** Ids are int32 in the database: a larger number is no id of ours. */
const isId = (digits: string) => Number(digits) <= 2_147_483_647;

/** Reads a sachet or wristband code (case-insensitive: a scanner in caps lock still reads). */
export function parsePortalCode(
  raw: string,
): { ok: true; value: PortalCode } | { ok: false; error: PortalCodeError } {
  const text = raw.trim().toUpperCase();
  if (!/^ZP[SC]1-/.test(text)) return { ok: false, error: 'not_portal_code' };
  const body = text.slice(0, -2).replaceAll('-', '');
  const sachet = SACHET.exec(text);
  if (sachet) {
    const [, roll, patient, y, mo, d, h, mi, check] = sachet as unknown as string[];
    if (mod3736(body) !== check) return { ok: false, error: 'check_character' };
    if (!validMoment(y!, mo!, d!, h!, mi!) || !isId(roll!) || !isId(patient!))
      return { ok: false, error: 'malformed' };
    const value = { rollId: Number(roll), patientId: Number(patient), date: `${y}-${mo}-${d}` };
    return { ok: true, value: { kind: 'sachet', ...value, time: `${h}:${mi}` } };
  }
  const band = WRISTBAND.exec(text);
  if (band) {
    if (mod3736(body) !== band[2]) return { ok: false, error: 'check_character' };
    if (!isId(band[1]!)) return { ok: false, error: 'malformed' };
    return { ok: true, value: { kind: 'wristband', patientId: Number(band[1]) } };
  }
  return { ok: false, error: 'malformed' };
}
