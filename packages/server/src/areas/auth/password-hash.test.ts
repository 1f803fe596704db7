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

  it('verifyAgainstDummy always fails and costs as much work as a real verification', async () => {
    const stored = await hashPassword('een goed wachtwoord');
    await verifyAgainstDummy('warm-up'); // creates the dummy hash once
    // The process's CPU time, not the wall clock: the hashing's work is the same on a busy machine, where
    // the other processes only stretch the wall time of whichever call happens to be waiting.
    const work = async (fn: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < 5; i++) {
        const start = process.cpuUsage();
        await fn();
        const used = process.cpuUsage(start);
        samples.push((used.user + used.system) / 1000);
      }
      return samples.sort((a, b) => a - b)[2]!;
    };
    const real = await work(() => verifyPassword(stored, 'fout wachtwoord'));
    const dummy = await work(() => verifyAgainstDummy('fout wachtwoord'));
    expect(await verifyAgainstDummy('een goed wachtwoord')).toBe(false);
    // Same parameters, same work (an unknown user answered without hashing would cost well under a
    // millisecond of CPU, a 19 MiB argon2id verification several).
    expect(dummy).toBeGreaterThan(real / 2);
    expect(dummy).toBeLessThan(real * 2);
  });

  it('measures a verification', async () => {
    const { medianMs, samplesMs } = await measureVerification(3);
    expect(samplesMs).toHaveLength(3);
    expect(medianMs).toBeGreaterThan(0);
  });
});
