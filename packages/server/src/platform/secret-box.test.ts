import { describe, expect, it } from 'vitest';
import { SecretBoxError, openSecret, sealSecret } from './secret-box.ts';

const KEY = 'k'.repeat(16) + 'test-secret-key-for-unit-tests!!';
const OTHER_KEY = 'another-secret-key-that-is-long-enough';

/** Flips one bit of one base64url part and re-encodes it. */
function tamper(sealed: string, part: 1 | 2 | 3): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[0] = bytes[0]! ^ 1;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('secret box', () => {
  it('round-trips and uses the compact v1 format', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', KEY);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(openSecret(sealed, KEY)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  });

  it('uses a fresh IV each time', () => {
    expect(sealSecret('same', KEY)).not.toBe(sealSecret('same', KEY));
  });

  it('rejects a value altered in IV, tag or ciphertext', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', KEY);
    for (const part of [1, 2, 3] as const) {
      expect(() => openSecret(tamper(sealed, part), KEY)).toThrow(SecretBoxError);
    }
  });

  it('rejects another key, another context, truncation and junk', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', KEY, 'account:1');
    expect(openSecret(sealed, KEY, 'account:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openSecret(sealed, OTHER_KEY, 'account:1')).toThrow(SecretBoxError);
    expect(() => openSecret(sealed, KEY, 'account:2')).toThrow(SecretBoxError);
    expect(() => openSecret(sealed, KEY)).toThrow(SecretBoxError);
    expect(() => openSecret(sealed.slice(0, -2), KEY, 'account:1')).toThrow(SecretBoxError);
    const [, iv, tag, ct] = sealed.split('.');
    for (const bad of [
      '',
      'v1',
      `v2.${iv}.${tag}.${ct}`,
      `v1.${iv}.${tag}`,
      `v1.${iv}.${tag}.${ct}.x`,
      `v1.${iv}.${tag}.${ct}!`,
    ]) {
      expect(() => openSecret(bad, KEY, 'account:1')).toThrow(SecretBoxError);
    }
    expect(() => openSecret(`v1.${iv}.${tag!.slice(0, 20)}.${ct}`, KEY, 'account:1')).toThrow(SecretBoxError);
  });

  it('refuses a short key', () => {
    expect(() => sealSecret('x', 'short')).toThrow(/at least 32/);
  });

  it('derives its key with HKDF-SHA256, info "zorgportaal/totp"', async () => {
    // An independent decryption with Web Crypto proves the key derivation the docs promise.
    const sealed = sealSecret('geheim', KEY);
    const [, iv, tag, ct] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const ikm = await crypto.subtle.importKey('raw', Buffer.from(KEY), 'HKDF', false, ['deriveKey']);
    const key = await crypto.subtle.deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: Buffer.from('zorgportaal/totp') },
      ikm,
      { name: 'AES-GCM', length: 256 },
      false,
      ['decrypt'],
    );
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: iv!, additionalData: new Uint8Array(0) },
      key,
      Buffer.concat([ct!, tag!]),
    );
    expect(Buffer.from(plain).toString('utf8')).toBe('geheim');
  });
});
