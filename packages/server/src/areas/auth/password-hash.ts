import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP password storage minimum (security.md): m = 19 MiB (19456 KiB), t = 2, p = 1.
 * Exported so tests and the benchmark use exactly what production uses.
 */
export const ARGON2ID_PARAMS = Object.freeze({
  // Algorithm is an ambient const enum that isolatedModules cannot inline; 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
});

/** The PHC parameter segment our hashes carry, used to spot hashes made with older settings. */
const PHC_PARAMS = `m=${ARGON2ID_PARAMS.memoryCost},t=${ARGON2ID_PARAMS.timeCost},p=${ARGON2ID_PARAMS.parallelism}`;

/** Hashes a password (exactly as typed) into a PHC string `$argon2id$v=19$m=19456,t=2,p=1$...`. */
export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2ID_PARAMS);

/**
 * True when the password matches the hash. A malformed or unsupported hash gives false instead of
 * an exception, so a damaged row can never turn a login into a 500 that differs from a 401.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with other parameters, so it should be replaced after a login. */
export const needsRehash = (passwordHash: string): boolean =>
  !passwordHash.startsWith('$argon2id$v=19$') || !passwordHash.includes(`$${PHC_PARAMS}$`);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies the password against a real argon2id hash of a random secret nobody knows, and returns false.
 * Used for an unknown username so that the failed login costs the same time as a wrong password
 * (ASVS 6.3.8: no account enumeration by timing). The dummy hash is created once, on first use.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Result of {@link measureVerification}. */
export interface VerificationTiming {
  /** Median of the samples in milliseconds. */
  medianMs: number;
  samplesMs: number[];
}

/**
 * Times `samples` verifications of a correct password with the production parameters, for the
 * benchmark script and for the closing note of the account-security issue.
 */
export async function measureVerification(samples = 10): Promise<VerificationTiming> {
  const password = 'meet-de-tijd-van-een-verificatie';
  const stored = await hashPassword(password);
  await verifyPassword(stored, password); // warm-up: the first call pays for loading the native module
  const samplesMs: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = process.hrtime.bigint();
    await verifyPassword(stored, password);
    samplesMs.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const medianMs = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { medianMs, samplesMs };
}
