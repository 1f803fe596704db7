import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';
import { fieldErrors } from './api-errors.ts';

/**
 * The validate option of a @mantine/form whose values have the shape of the request body, checked by
 * the contract schema the server uses: a field's message is the server's, keyed by the same path.
 * The first message of a path wins, as in a server 400's `Fields`.
 */
export function contractResolver<Values>(
  schema: z.ZodType,
  /** Translated messages by path, for forms whose contract messages are Dutch only (login, 2FA). */
  messages: Record<string, string> = {},
): (values: Values) => FormErrors {
  const resolve = zod4Resolver(schema, { errorPriority: 'first' });
  return (values) => {
    const errors = resolve(values as Record<string, unknown>);
    for (const path of Object.keys(errors)) errors[path] = messages[path] ?? errors[path];
    return errors;
  };
}

/** Shows a server 400's `Fields` under the inputs (they are keyed by body path, as the form is). */
export function showServerFieldErrors(form: { setErrors: (errors: FormErrors) => void }, error: unknown) {
  const fields = fieldErrors(error);
  if (Object.keys(fields).length > 0) form.setErrors(fields);
}

/** The first message per dotted path ('NameInformation.FirstNames', 'EmailAddress.0') of zod issues. */
export function issuesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const byPath: Record<string, string> = {};
  for (const issue of issues) byPath[issue.path.map(String).join('.')] ??= issue.message;
  return byPath;
}
