import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for short secrets at rest (TOTP secrets), keyed from SECRET_KEY (security.md: "stored
 * encrypted with a key from the environment"). Output: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 * The version prefix lets us change algorithm or key later and still open old values.
 */
const VERSION = 'v1';
/** HKDF "info": binds the derived key to this one purpose, so SECRET_KEY can feed other keys safely. */
const HKDF_INFO = 'zorgportaal/totp';
const IV_BYTES = 12; // the GCM standard nonce size; random per message
const TAG_BYTES = 16; // full-length tag; shorter tags weaken forgery resistance
/** Same minimum as the SECRET_KEY setting, repeated here so a test or script cannot use a toy key. */
const MIN_SECRET_KEY_LENGTH = 32;

/** Thrown by {@link openSecret} for a value that was altered, truncated, or sealed with another key. */
export class SecretBoxError extends Error {}

function deriveKey(secretKey: string): Buffer {
  if (secretKey.length < MIN_SECRET_KEY_LENGTH) {
    throw new SecretBoxError(`SECRET_KEY must be at least ${MIN_SECRET_KEY_LENGTH} characters`);
  }
  // No salt: the input is already a high-entropy key, and RFC 5869 allows HKDF without one.
  return Buffer.from(hkdfSync('sha256', Buffer.from(secretKey, 'utf8'), Buffer.alloc(0), HKDF_INFO, 32));
}

/**
 * Encrypts `plain` with a key derived from `secretKey`. `context` (optional, e.g. `account:42`) is
 * authenticated but not stored: opening then needs the same context, so a sealed value copied onto
 * another account's row will not open.
 */
export function sealSecret(plain: string, secretKey: string, context = ''): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secretKey), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Decrypts a value made by {@link sealSecret}; throws {@link SecretBoxError} when it does not verify. */
export function openSecret(sealed: string, secretKey: string, context = ''): string {
  const parts = sealed.split('.');
  const [version, iv, tag, ciphertext] = parts;
  if (
    parts.length !== 4 ||
    version !== VERSION ||
    iv === undefined ||
    tag === undefined ||
    ciphertext === undefined
  ) {
    throw new SecretBoxError('Unknown sealed secret format');
  }
  if (![iv, tag, ciphertext].every((p) => BASE64URL.test(p)))
    throw new SecretBoxError('Malformed sealed secret');
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES)
    throw new SecretBoxError('Malformed sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(secretKey), ivBytes, {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tagBytes);
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    // GCM's tag check failed: wrong key, wrong context or altered bytes. Say no more than that.
    throw new SecretBoxError('Sealed secret does not verify');
  }
}
