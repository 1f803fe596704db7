import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RESET_TOKEN_TTL_MINUTES, hashToken, newResetToken } from './reset-token.ts';
import { TWOFA_CHALLENGE_TTL_SECONDS } from './two-factor/login-step.ts';

describe('reset tokens', () => {
  it('are 32 random bytes in base64url with their SHA-256 hex hash', () => {
    const { token, hash } = newResetToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashToken(token)).toBe(hash);
  });

  it('differ every time', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => newResetToken().token));
    expect(tokens.size).toBe(100);
  });

  it('have the lifetimes of security.md', () => {
    expect(RESET_TOKEN_TTL_MINUTES).toBe(60);
    expect(TWOFA_CHALLENGE_TTL_SECONDS).toBe(300);
  });
});
