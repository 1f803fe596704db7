import { z } from 'zod';

/**
 * Password policy of security.md (ASVS 5.0 6.2.1, 6.2.4, 6.2.9): length only, no composition rules,
 * not the username, and (checked by the server only) not one of the 10,000 most common passwords.
 * The password is checked exactly as typed: no trimming and no Unicode normalisation, because the
 * hash is computed over the same string.
 */

/** Minimum length in Unicode code points (ASVS 6.2.1). */
export const PASSWORD_MIN_LENGTH = 12;
/** Maximum length in Unicode code points; long enough for passphrases, short enough to bound hashing. */
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblemCode = 'TOO_SHORT' | 'TOO_LONG' | 'COMMON' | 'USERNAME' | 'MISMATCH';
/** The problems a client can see without the server's list of common passwords. */
export type PasswordRuleCode = Exclude<PasswordProblemCode, 'COMMON' | 'MISMATCH'>;

/** Dutch texts shown to the user, one per problem. */
export const PASSWORD_MESSAGES: Readonly<Record<PasswordProblemCode, string>> = {
  TOO_SHORT: `Het wachtwoord moet minimaal ${PASSWORD_MIN_LENGTH} tekens lang zijn.`,
  TOO_LONG: `Het wachtwoord mag maximaal ${PASSWORD_MAX_LENGTH} tekens lang zijn.`,
  COMMON: 'Dit wachtwoord komt voor op een lijst met veelgebruikte wachtwoorden. Kies een ander wachtwoord.',
  USERNAME: 'Het wachtwoord mag niet gelijk zijn aan de gebruikersnaam.',
  MISMATCH: 'De wachtwoorden komen niet overeen.',
};

/** Length in Unicode code points, so an emoji or 'é' counts as one character, as the user sees it. */
export const passwordLength = (password: string): number => [...password].length;

/**
 * The first synchronous rule the password breaks, in the order length, username; undefined when
 * none. Usernames are case-insensitive at login, so "JanJansen2024" does not pass for "janjansen2024".
 */
export function passwordRuleProblem(
  password: string,
  username?: string | null,
): PasswordRuleCode | undefined {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return 'TOO_SHORT';
  if (length > PASSWORD_MAX_LENGTH) return 'TOO_LONG';
  if (username && password.toLowerCase() === username.trim().toLowerCase()) return 'USERNAME';
  return undefined;
}

/** The policy code a rule issue of {@link newPasswordSchema} carries in its `params`. */
export const passwordIssueCode = (issue: z.core.$ZodIssue): PasswordProblemCode | undefined =>
  issue.code === 'custom' ? (issue.params?.passwordPolicy as PasswordProblemCode | undefined) : undefined;

const newPasswordFields = z.object({
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
});

/**
 * A new password typed twice, checked by the synchronous policy rules: a rule issue on `password`
 * and, independently, a mismatch on `password_confirmation` (an empty confirmation never matches).
 * Used by the web forms and by the server before its common-password check.
 */
export function newPasswordSchema(username?: string | null) {
  return newPasswordFields.superRefine((values, ctx) => {
    const problem = passwordRuleProblem(values.password, username);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: PASSWORD_MESSAGES[problem],
        params: { passwordPolicy: problem },
      });
    if (values.password_confirmation === '' || values.password !== values.password_confirmation)
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: PASSWORD_MESSAGES.MISMATCH,
        params: { passwordPolicy: 'MISMATCH' },
      });
  });
}

/** The change in account settings: the current password as well (spec §7 `current_password`). */
export function passwordChangeSettingsSchema(username?: string | null) {
  return z
    .object({ current_password: z.string().min(1, 'Vul uw huidige wachtwoord in.').max(1024) })
    .and(newPasswordSchema(username));
}
