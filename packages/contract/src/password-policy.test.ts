import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MESSAGES,
  newPasswordSchema,
  passwordChangeSettingsSchema,
  passwordIssueCode,
  passwordRuleProblem,
} from './password-policy.ts';
import { forgotPasswordEmailFormSchema } from './account-security.ts';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: Parameters<typeof passwordIssueCode>[0][] };
}) =>
  (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    code: passwordIssueCode(issue),
    message: issue.message,
  }));

describe('password rules shared by the web forms and the server', () => {
  it('refuses 11 code points and accepts 12, counting an emoji as one', () => {
    expect(passwordRuleProblem('a'.repeat(11))).toBe('TOO_SHORT');
    expect(passwordRuleProblem('ééééééééééé😀')).toBeUndefined();
  });

  it('refuses more than 128 code points', () => {
    expect(passwordRuleProblem('a'.repeat(128))).toBeUndefined();
    expect(passwordRuleProblem('a'.repeat(129))).toBe('TOO_LONG');
  });

  it('refuses the username, ignoring case and spaces around the username', () => {
    expect(passwordRuleProblem('JanJansen2024', ' janjansen2024 ')).toBe('USERNAME');
    expect(passwordRuleProblem('JanJansen2024', null)).toBeUndefined();
  });
});

describe('newPasswordSchema', () => {
  it('names the rule on password and the mismatch on password_confirmation, both at once', () => {
    const result = newPasswordSchema().safeParse({ password: 'kort', password_confirmation: 'anders' });
    expect(issuesOf(result)).toEqual([
      { path: 'password', code: 'TOO_SHORT', message: PASSWORD_MESSAGES.TOO_SHORT },
      { path: 'password_confirmation', code: 'MISMATCH', message: PASSWORD_MESSAGES.MISMATCH },
    ]);
  });

  it('treats an empty confirmation and trailing spaces as a mismatch', () => {
    const good = 'paard-batterij-niet';
    expect(issuesOf(newPasswordSchema().safeParse({ password: good, password_confirmation: '' }))).toEqual([
      { path: 'password_confirmation', code: 'MISMATCH', message: PASSWORD_MESSAGES.MISMATCH },
    ]);
    expect(newPasswordSchema().safeParse({ password: good, password_confirmation: `${good} ` }).success).toBe(
      false,
    );
  });

  it('accepts a good password typed twice', () => {
    const good = 'paard-batterij-niet';
    expect(
      newPasswordSchema('nieuw').safeParse({ password: good, password_confirmation: good }).success,
    ).toBe(true);
  });

  it('refuses the username when one is given', () => {
    const result = newPasswordSchema('Trombose1234').safeParse({
      password: 'trombose1234',
      password_confirmation: 'trombose1234',
    });
    expect(issuesOf(result)).toEqual([
      { path: 'password', code: 'USERNAME', message: PASSWORD_MESSAGES.USERNAME },
    ]);
  });
});

describe('passwordChangeSettingsSchema', () => {
  it('also requires the current password', () => {
    const good = 'paard-batterij-niet';
    const result = passwordChangeSettingsSchema().safeParse({
      current_password: '',
      password: good,
      password_confirmation: good,
    });
    expect(issuesOf(result).map((issue) => issue.path)).toEqual(['current_password']);
  });
});

describe('forgotPasswordEmailFormSchema', () => {
  it('asks for a plausible address and trims it', () => {
    expect(forgotPasswordEmailFormSchema.safeParse({ email: 'geen-adres' }).success).toBe(false);
    expect(forgotPasswordEmailFormSchema.parse({ email: ' huisarts@zorgportaal.example ' })).toEqual({
      email: 'huisarts@zorgportaal.example',
    });
  });
});
