import { describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import {
  checkNewPassword,
  newPasswordErrors,
  newPasswordResolver,
  passwordAcceptable,
  passwordSettingsResolver,
} from './password-policy.ts';

const t = i18n.getFixedT('nl');

describe('live password feedback (security.md: 12–128 characters, confirmation, not the username)', () => {
  it('counts code points, as the server does', () => {
    expect(checkNewPassword('ééééééééééé😀', '').length).toBe(12);
    expect(checkNewPassword('ééééééééééé😀', '').longEnough).toBe(true);
  });

  it('tracks length, match and username while typing', () => {
    expect(checkNewPassword('kort', 'kort')).toMatchObject({ longEnough: false, matches: true });
    const long = 'a'.repeat(129);
    expect(checkNewPassword(long, long)).toMatchObject({ longEnough: true, notTooLong: false });
    expect(checkNewPassword('Lange-zin-van-tekst', 'Lange-zin-van-teks')).toMatchObject({
      longEnough: true,
      matches: false,
    });
    expect(checkNewPassword('', '').matches).toBe(false);
    expect(checkNewPassword('JanJansen2024', 'JanJansen2024', 'janjansen2024').notUsername).toBe(false);
    expect(checkNewPassword('JanJansen2024', 'JanJansen2024', null).notUsername).toBe(true);
  });

  it('is acceptable only when every client-side check passes', () => {
    expect(passwordAcceptable(checkNewPassword('paard-batterij-niet', 'paard-batterij-niet', 'nieuw'))).toBe(
      true,
    );
    expect(passwordAcceptable(checkNewPassword('paard-batterij-niet', 'paard-batterij-nie', 'nieuw'))).toBe(
      false,
    );
  });

  it('gives a Dutch message per field for the first problem', () => {
    expect(newPasswordErrors(t, checkNewPassword('kort', 'anders'))).toEqual({
      password: 'Het wachtwoord moet minimaal 12 tekens lang zijn.',
      password_confirmation: 'De wachtwoorden komen niet overeen.',
    });
    expect(newPasswordErrors(t, checkNewPassword('trombose1234', 'trombose1234', 'TROMBOSE1234'))).toEqual({
      password: 'Het wachtwoord mag niet gelijk zijn aan de gebruikersnaam.',
    });
    expect(newPasswordErrors(t, checkNewPassword('paard-batterij-niet', 'paard-batterij-niet'))).toEqual({});
  });
});

describe("form validation with the contract schema, messages in the user's language", () => {
  it('gives both fields their message at once, in English for an English user', async () => {
    await i18n.loadLanguages('en');
    const validate = newPasswordResolver(i18n.getFixedT('en'));
    expect(validate({ password: 'kort', password_confirmation: 'anders' })).toEqual({
      password: 'The password must be at least 12 characters long.',
      password_confirmation: 'The passwords do not match.',
    });
  });

  it('refuses the username and accepts a good password', () => {
    const validate = newPasswordResolver(t, 'Trombose1234');
    expect(validate({ password: 'trombose1234', password_confirmation: 'trombose1234' })).toEqual({
      password: 'Het wachtwoord mag niet gelijk zijn aan de gebruikersnaam.',
    });
    expect(
      validate({ password: 'paard-batterij-niet', password_confirmation: 'paard-batterij-niet' }),
    ).toEqual({});
  });

  it('asks for the current password in the settings form', () => {
    const validate = passwordSettingsResolver(t, 'nieuw');
    const good = 'paard-batterij-niet';
    expect(validate({ current_password: '', password: good, password_confirmation: good })).toEqual({
      current_password: 'Vul uw huidige wachtwoord in.',
    });
  });
});
