import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  measureVerification,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from './password-hash.ts';

describe('password hashing', () => {
  it('hashes with argon2id m=19456 t=2 p=1 and verifies exactly as typed', async () => {
    const stored = await hashPassword('Één goed wachtwoord ');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Één goed wachtwoord ')).toBe(true);
    expect(await verifyPassword(stored, 'Één goed wachtwoord')).toBe(false);
    expect(await verifyPassword(stored, 'één goed wachtwoord ')).toBe(false);
    // "É" composed (U+00C9) versus decomposed (E + U+0301): no normalisation, so they differ.
    expect(await verifyPassword(stored, 'E\u0301én goed wachtwoord ')).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('hetzelfde wachtwoord')).not.toBe(await hashPassword('hetzelfde wachtwoord'));
  });

  it('answers false, not an exception, for a malformed hash', async () => {
    expect(await verifyPassword('not-a-hash', 'whatever')).toBe(false);
    expect(await verifyPassword('', 'whatever')).toBe(false);
  });

  it('flags hashes made with other parameters for rehashing', () => {
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA')).toBe(true);
    expect(needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true);
  });

  it('verifyAgainstDummy always fails and takes about as long as a real verification', async () => {
    const stored = await hashPassword('een goed wachtwoord');
    await verifyAgainstDummy('warm-up'); // creates the dummy hash once
    const time = async (fn: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        await fn();
        samples.push(performance.now() - start);
      }
      return samples.sort((a, b) => a - b)[2]!;
    };
    const real = await time(() => verifyPassword(stored, 'fout wachtwoord'));
    const dummy = await time(() => verifyAgainstDummy('fout wachtwoord'));
    expect(await verifyAgainstDummy('een goed wachtwoord')).toBe(false);
    // Same parameters, same work: within a factor 3 either way even on a busy CI machine (an unknown
    // user answered without hashing would take well under a millisecond).
    expect(dummy).toBeGreaterThan(real / 3);
    expect(dummy).toBeLessThan(real * 3);
  });

  it('measures a verification', async () => {
    const { medianMs, samplesMs } = await measureVerification(3);
    expect(samplesMs).toHaveLength(3);
    expect(medianMs).toBeGreaterThan(0);
  });
});
