import { createHash, randomBytes } from 'node:crypto';

/**
 * Token helpers. Secrets at rest (TOTP) use the sealed-secret box in account-security/secret-box.ts
 * (AES-256-GCM, key derived from SECRET_KEY); `secretContext` is the authenticated context they are
 * sealed with, so a sealed value copied onto another account's row does not open.
 */
export const secretContext = (accountId: number): string => `account:${accountId}`;

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/** 256-bit opaque token (security.md: access tokens ≥ 256 bits from a CSPRNG). */
export const randomToken = (): string => randomBytes(32).toString('base64url');
