import { z } from 'zod';
import { isCalendarDateTime } from './dates.ts';
import { bodyIdSchema } from './fields.ts';
import { bareGtin, type Gs1Data, type Gs1Error, parseGs1 } from './gs1.ts';
import { parsePortalCode, type PortalCode, type PortalCodeError } from './sachet-code.ts';

/** Scanning at the bedside and at the pharmacy's roll (docs/scanning.md). */

/** What one scan may be: the portal's sachet or wristband code, or a medicine pack's GS1 code. */
export type ScannedCode = PortalCode | { kind: 'product'; gs1: Gs1Data };
export type ScanReadError = PortalCodeError | Gs1Error;

/**
 * Reads a scanned string. Both sides use it: the web refuses an unreadable code at once (naming why),
 * the server reads the same way before it checks anything.
 */
export function readScan(
  raw: string,
  today = new Date(),
): { ok: true; value: ScannedCode } | { ok: false; error: ScanReadError } {
  const portal = parsePortalCode(raw);
  if (portal.ok || portal.error !== 'not_portal_code') return portal;
  const gtin = bareGtin(raw);
  if (gtin)
    return { ok: true, value: { kind: 'product', gs1: { gtin, batch: null, expiry: null, serial: null } } };
  const gs1 = parseGs1(raw, today);
  return gs1.ok ? { ok: true, value: { kind: 'product', gs1: gs1.value } } : { ok: false, error: gs1.error };
}

/** A scanned string: printable ASCII and GS (FNC1), which a GS1 code needs between its variable fields. */
// eslint-disable-next-line no-control-regex -- GS is the one control character a scan may carry
const SCANNED = /^[\u001d\u0020-\u007e]+$/;
export const scanCodeSchema = z
  .string({ error: 'Scan een code.' })
  .trim()
  .min(1, 'Scan een code.')
  .max(200, 'Deze code is te lang.')
  .regex(SCANNED, 'Deze code bevat ongeldige tekens.');

export const SCAN_CHECKS = ['client', 'drug', 'time', 'expiry', 'not_given'] as const;
export type ScanCheck = (typeof SCAN_CHECKS)[number];

/** Why a check failed; the web's message is `scan.reason.<code>` (names filled in from the answer). */
export const SCAN_REASONS = [
  'wrong_client',
  'unknown_sachet',
  'wrong_drug',
  'unknown_product',
  'not_in_sachet',
  'wrong_moment',
  'too_early',
  'early',
  'late',
  'too_late',
  'expired',
  'already_registered',
] as const;
export type ScanReason = (typeof SCAN_REASONS)[number];

/**
 * Whether a scan's failed checks block registering the dose as "given" (on the card and in the API alike):
 * every reason does but the time window's own `early` / `late`, for which the registration asks a reason.
 */
export const scanBlocksGiven = (reasons: readonly string[]): boolean =>
  reasons.some((reason) => reason !== 'early' && reason !== 'late');
export const SCAN_KINDS = ['sachet', 'wristband', 'product'] as const;

export const scanCheckResultSchema = z.object({
  Check: z.enum(SCAN_CHECKS),
  /** not_applicable: the code cannot tell (a pack does not name the client, a wristband no drug). */
  Outcome: z.enum(['passed', 'failed', 'not_applicable']),
  Reason: z.enum(SCAN_REASONS).nullable(),
});

const isoDateTime = z.string().refine(isCalendarDateTime, 'Vul een geldige datum en tijd in.');

/** POST /api/administration/scan-check: the moment on the nurse's card and what was scanned for it. */
export const scanCheckBodySchema = z.strictObject({
  AgreementId: bodyIdSchema,
  ScheduledAt: isoDateTime.nullable().default(null),
  Code: scanCodeSchema,
});
export type ScanCheckBody = z.input<typeof scanCheckBodySchema>;

export const scanCheckAnswerSchema = z.object({
  /** Every applicable check passed: the moment may be registered as given in one tap. */
  Passed: z.boolean(),
  Kind: z.enum(SCAN_KINDS),
  Checks: z.array(scanCheckResultSchema),
  /** The client of the moment, and of the sachet or wristband (null when not the caller's to see). */
  MomentClientName: z.string(),
  ScannedClientName: z.string().nullable(),
  /** The pack's expiry (YYYY-MM-DD) and the sachet's moment (local YYYY-MM-DD HH:mm), when read. */
  Expiry: z.string().nullable(),
  SachetMoment: z.string().nullable(),
});
export type ScanCheckAnswer = z.infer<typeof scanCheckAnswerSchema>;

/** POST /api/baxter/rolls/{id}/sachet-scan: a sachet scanned while laying out the roll. */
export const sachetScanBodySchema = z.strictObject({ Code: scanCodeSchema });
export const SACHET_SCAN_REASONS = ['not_a_sachet', 'wrong_client', 'wrong_roll', 'wrong_moment'] as const;
export const sachetScanAnswerSchema = z.object({
  Passed: z.boolean(),
  Reason: z.enum(SACHET_SCAN_REASONS).nullable(),
  /** The roll's client, and the sachet's (null when not the caller's to see). */
  RollClientName: z.string(),
  ScannedClientName: z.string().nullable(),
  SachetMoment: z.string().nullable(),
});
export type SachetScanAnswer = z.infer<typeof sachetScanAnswerSchema>;
