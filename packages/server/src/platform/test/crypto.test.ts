import { describe, expect, it } from 'vitest';
import { randomToken, sha256Hex } from '../crypto.ts';

describe('opaque tokens', () => {
  it('are 256-bit base64url strings, stored as their SHA-256 hex hash', () => {
    const token = randomToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(randomToken()).not.toBe(token);
    expect(sha256Hex(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});
