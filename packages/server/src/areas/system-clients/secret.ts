import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { SYSTEM_TOKEN_PREFIX } from '../../platform/access/system-client-port.ts';
import { randomToken } from '../../platform/crypto.ts';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/**
 * scrypt, N = 2^14, r = 8, p = 1 (16 MiB, tens of milliseconds). The secret is 256 random bits, so nobody
 * guesses it from the hash; the hash only keeps a database copy from holding a usable secret. A password
 * needs the costlier parameters (argon2id, auth area); a token request should not cost 128 MiB.
 */
const N = 2 ** 14;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 256 * N * R;

/** A new client's public id: `zpsc_` and 24 hex digits (contract `SYSTEM_CLIENT_ID_PATTERN`). */
export const newClientId = (): string => `zpsc_${randomBytes(12).toString('hex')}`;

/** A new client secret: 256 bits from the CSPRNG, shown once and never stored. */
export const newClientSecret = (): string => randomToken();

/** A new access token of a system client: the prefix tells the access hook where to look it up. */
export const newSystemToken = (): string => `${SYSTEM_TOKEN_PREFIX}${randomToken()}`;

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAXMEM });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when the secret matches the stored hash; a malformed hash is false, never an exception. */
export async function verifySecret(stored: string, secret: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  try {
    const expected = Buffer.from(key, 'base64url');
    const actual = await scryptAsync(secret, Buffer.from(salt, 'base64url'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: 256 * Number(n) * Number(r),
    });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** Verifies against the hash of a secret nobody knows, so an unknown client_id costs the same time. */
export async function verifyAgainstDummy(secret: string): Promise<false> {
  dummy ??= hashSecret(randomToken());
  await verifySecret(await dummy, secret);
  return false;
}
