import type { z } from 'zod';

/** zod issues as one message per field path ("Instructions.Moments.0.Time"), first message wins. */
export function issuesByPath(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    fields[path] ??= issue.message;
  }
  return fields;
}
