import { createHash, randomBytes } from 'node:crypto';

/** A forgotten-password link is valid for 60 minutes (security.md, ASVS 6.4.1). */
export const RESET_TOKEN_TTL_MINUTES = 60;

/** SHA-256 of a token as lowercase hex: what the database stores instead of the token itself. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * A new reset token: 256 bits from the CSPRNG, base64url (43 characters, safe in a URL path), and its
 * hash. Only the hash is stored, so a database leak does not hand out working reset links; a plain
 * SHA-256 suffices because the token has full entropy (no dictionary to attack).
 */
export function newResetToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
