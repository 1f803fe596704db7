import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MESSAGES,
  checkPassword,
  checkPasswordChange,
  commonPasswordSet,
  isCommonPassword,
} from './password-policy.ts';

describe('checkPassword', () => {
  it('accepts a 12-character password and refuses 11', () => {
    expect(checkPassword('abcdefghijk', { username: 'jan' })).toEqual({
      ok: false,
      field: 'password',
      code: 'TOO_SHORT',
      message: 'Het wachtwoord moet minimaal 12 tekens lang zijn.',
    });
    expect(checkPassword('abcdefghijkl', { username: 'jan' })).toEqual({ ok: true });
  });

  it('accepts 128 characters and refuses 129', () => {
    expect(checkPassword('x'.repeat(128), { username: 'jan' })).toEqual({ ok: true });
    expect(checkPassword('x'.repeat(129), { username: 'jan' })).toMatchObject({
      ok: false,
      code: 'TOO_LONG',
    });
  });

  it('counts Unicode code points, not UTF-16 units', () => {
    // 11 emoji are 22 UTF-16 units but 11 characters: too short.
    expect(checkPassword('😀'.repeat(11), {})).toMatchObject({ code: 'TOO_SHORT' });
    expect(checkPassword('😀'.repeat(12), {})).toEqual({ ok: true });
    expect(checkPassword('😀'.repeat(128), {})).toEqual({ ok: true });
    expect(checkPassword('😀'.repeat(129), {})).toMatchObject({ code: 'TOO_LONG' });
  });

  it('takes the password exactly as typed: spaces count and are not trimmed', () => {
    expect(checkPassword('    abcdefg ', {})).toEqual({ ok: true });
    expect(checkPassword(' abcdefghij ', {})).toEqual({ ok: true });
    expect(checkPassword('abcdefghij  '.trim(), {})).toMatchObject({ code: 'TOO_SHORT' });
  });

  it('has no composition rules', () => {
    expect(checkPassword('lange zin zonder cijfers', {})).toEqual({ ok: true });
  });

  it('refuses passwords from the top-10k list, ignoring case', () => {
    for (const pw of ['qwerty123456', 'QWERTY123456', 'LeaveMeAlone', 'mailcreated5240']) {
      expect(checkPassword(pw, { username: 'jan' })).toEqual({
        ok: false,
        field: 'password',
        code: 'COMMON',
        message: PASSWORD_MESSAGES.COMMON,
      });
    }
  });

  it('refuses the username, ignoring case', () => {
    expect(checkPassword('JanJansen2024', { username: 'janjansen2024' })).toEqual({
      ok: false,
      field: 'password',
      code: 'USERNAME',
      message: 'Het wachtwoord mag niet gelijk zijn aan de gebruikersnaam.',
    });
    expect(checkPassword('janjansen2024!', { username: 'janjansen2024' })).toEqual({ ok: true });
  });
});

describe('common password list', () => {
  it('holds the top 10,000 lines, lowercased (case duplicates collapse)', () => {
    const set = commonPasswordSet();
    expect(set.size).toBeGreaterThan(9_900);
    expect(set.size).toBeLessThanOrEqual(10_000);
    expect(set.has('123456')).toBe(true);
    // The first and the last line of SecLists' top-10000 list.
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('brady')).toBe(true);
    // Entries from the same capitalised lines lowercase: "Sandra", "GOLF".
    expect(isCommonPassword('sandra') && isCommonPassword('golf')).toBe(true);
    // Line 10,001 of the 1M list is not part of the top 10k.
    expect(isCommonPassword('blue23')).toBe(false);
    for (const entry of set) expect(entry).toBe(entry.toLowerCase());
  });

  it('is loaded once', () => {
    expect(commonPasswordSet()).toBe(commonPasswordSet());
  });
});

describe('checkPasswordChange', () => {
  it('reports a confirmation mismatch on password_confirmation', () => {
    expect(
      checkPasswordChange({
        password: 'een goed wachtwoord',
        password_confirmation: 'een goed wachtwoorD',
        username: 'jan',
      }),
    ).toEqual({
      ok: false,
      field: 'password_confirmation',
      code: 'MISMATCH',
      message: 'De wachtwoorden komen niet overeen.',
    });
  });

  it('reports the policy on password first', () => {
    expect(
      checkPasswordChange({ password: 'kort', password_confirmation: 'anders', username: 'jan' }),
    ).toMatchObject({
      field: 'password',
      code: 'TOO_SHORT',
    });
  });

  it('accepts a good password typed twice', () => {
    expect(
      checkPasswordChange({
        password: 'een goed wachtwoord',
        password_confirmation: 'een goed wachtwoord',
        username: 'jan',
      }),
    ).toEqual({ ok: true });
  });

  it('does not treat trailing spaces as equal', () => {
    expect(
      checkPasswordChange({
        password: 'een goed wachtwoord ',
        password_confirmation: 'een goed wachtwoord',
        username: 'jan',
      }),
    ).toMatchObject({ code: 'MISMATCH' });
  });
});
