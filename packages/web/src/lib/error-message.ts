import type { TFunction } from 'i18next';
import { ApiRequestError, genericErrorMessage } from './api-errors.ts';

/** The toast text of a failed call: the server's Message (`{ Code, Message }`), else the generic failure. */
export function apiErrorMessage(t: TFunction, error: unknown): string {
  if (
    error instanceof ApiRequestError &&
    typeof (error.body as { Message?: unknown } | null)?.Message === 'string'
  )
    return error.message;
  return genericErrorMessage(t, error);
}

/** The first message per dotted path ('NameInformation.FirstNames', 'EmailAddress.0') of zod issues. */
export function issuesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const byPath: Record<string, string> = {};
  for (const issue of issues) byPath[issue.path.map(String).join('.')] ??= issue.message;
  return byPath;
}
