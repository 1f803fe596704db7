import { Secret, TOTP } from 'otpauth';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../../src/seed/demo-data.ts';
import { tokenForm } from './login.ts';

/** The demo 2FA account's secret (README). */
export const TWEESTAPS_SECRET = '3GZWCL6RF5MH6A3PBM3CTWS2C3WHDRUV';

/** A code computed independently of the server's totp.ts, with otpauth's defaults (SHA-1, 6 digits, 30 s). */
export function codeAt(secret: string, timestamp = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });
}

/** A 6-digit code that is valid for none of the steps around now. */
export function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((d) => codeAt(secret, Date.now() + d * 30_000)));
  let n = 123456;
  while (valid.has(String(n))) n++;
  return String(n);
}

/** POST a form to /oauth/token or /oauth/2fa from a chosen client address. */
export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string | number>,
  remoteAddress = '127.0.0.1',
) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: tokenForm(fields),
  });
}

/** The login form of the web client (spec §7). */
export const loginForm = (
  username: string,
  password = DEMO_PASSWORD,
  extra: Record<string, string | number> = {},
) => ({
  grant_type: 'password',
  client_id: 1,
  product_id: 1,
  username,
  password,
  ...extra,
});

/** A fresh documentation address per call, so tests do not share per-IP counters. */
let ipCounter = 0;
export const freshIp = () => `198.51.100.${(++ipCounter % 250) + 1}`;

/** Polls until `probe` returns a value (mail is sent after the answer, so tests wait for it). */
export async function waitFor<T>(probe: () => Promise<T | undefined | null>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (let last = false; ;) {
    const value = await probe();
    if (value !== undefined && value !== null) return value;
    if (last) throw new Error('waitFor: timed out');
    // Past the deadline, one more probe after reading what arrived meanwhile: a stalled process may wake on
    // its timer before the answer it was waiting for is read.
    last = Date.now() > end;
    await new Promise((r) => (last ? setImmediate(r) : setTimeout(r, 50)));
  }
}

/** The decoded text body of a single-part mail as nodemailer writes it (7bit, quoted-printable or base64). */
export function mailText(raw: string): string {
  const at = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
