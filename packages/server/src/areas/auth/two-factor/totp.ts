import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * TOTP (RFC 6238) as security.md fixes it: 30 s step, 6 digits, HMAC-SHA-1 (what authenticator apps
 * support everywhere), accepted ±1 step for clock drift, and each step accepted only once per account.
 */
export const TOTP_ISSUER = 'Zorgportaal';
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ALGORITHM = 'SHA1';
/** Steps accepted on either side of the current one. */
export const TOTP_WINDOW = 1;
/** 160 bits: RFC 4226's recommended length and ASVS's minimum for the shared secret. */
export const TOTP_SECRET_BYTES = 20;

/** A new shared secret: 160 bits from the operating system's CSPRNG, base32 without padding (32 chars). */
export function generateSecret(): string {
  // Copy into a fresh Uint8Array so the ArrayBuffer holds exactly these 20 bytes.
  return new Secret({ buffer: new Uint8Array(randomBytes(TOTP_SECRET_BYTES)).buffer }).base32;
}

function parseSecret(base32: string): Secret {
  // Tolerate the spaces and lowercase that people use when copying a secret by hand.
  return Secret.fromBase32(base32.replace(/\s+/g, '').toUpperCase());
}

/**
 * The key URI for authenticator apps, e.g.
 * `otpauth://totp/Zorgportaal:jan?issuer=Zorgportaal&secret=...&algorithm=SHA1&digits=6&period=30`.
 * `label` is what the app shows next to the issuer, normally the username.
 */
export function otpauthUrl(secret: string, label: string): string {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: parseSecret(secret),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

/** The key URI as a PNG QR code in a data URL (`data:image/png;base64,...`) for the settings screen. */
export function qrCodeDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 256 });
}

/** The RFC 6238 time step (counter) that contains the given moment. */
export const timeStep = (now: number = Date.now()): number => Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The code for a moment (the generator underneath {@link verifyTotp}). `digits` exists for the
 * RFC 6238 test vectors, which use 8 digits; the portal always uses 6.
 */
export function totpCode(
  secret: string,
  { timestamp = Date.now(), digits = TOTP_DIGITS }: { timestamp?: number; digits?: number } = {},
): string {
  return TOTP.generate({
    secret: parseSecret(secret),
    algorithm: TOTP_ALGORITHM,
    digits,
    period: TOTP_PERIOD_SECONDS,
    timestamp,
  });
}

/** Outcome of {@link verifyTotp}. On success, store `step` as the account's last used step. */
export type TotpVerification = { ok: true; step: number } | { ok: false; reason: 'invalid' | 'replay' };

/**
 * Checks a code typed by the user. Accepts the current step and one on either side; a code whose
 * step is at or before `lastUsedStep` is a replay (ASVS 6.5.1: each code is accepted once).
 *
 * The caller must then record `step` with a compare-and-set, e.g.
 * `UPDATE ... SET totp_last_step = $step WHERE id = $id AND (totp_last_step IS NULL OR totp_last_step < $step)`,
 * and treat "no row updated" as a replay, so two instances cannot both accept the same code.
 */
export function verifyTotp(
  secret: string,
  code: string,
  lastUsedStep: number | null,
  now: number = Date.now(),
): TotpVerification {
  // Apps often show "123 456"; the spaces carry no meaning. Anything else that is not 6 digits is wrong.
  const typed = code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(typed)) return { ok: false, reason: 'invalid' };
  const current = timeStep(now);
  let replayed = false;
  // Newest step first: if a code happens to match two steps, prefer the one not used yet.
  for (let step = current + TOTP_WINDOW; step >= current - TOTP_WINDOW; step--) {
    const expected = totpCode(secret, { timestamp: step * TOTP_PERIOD_SECONDS * 1000 });
    // Constant-time comparison: the response time must not reveal how many digits were right.
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(typed))) continue;
    if (lastUsedStep !== null && step <= lastUsedStep) {
      replayed = true;
      continue;
    }
    return { ok: true, step };
  }
  return { ok: false, reason: replayed ? 'replay' : 'invalid' };
}
