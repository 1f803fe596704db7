import type { FastifySchemaValidationError } from 'fastify';
import { z } from 'zod';

const englishDefault = z.locales.en().localeError;

/**
 * The message a schema set itself (the contract's Dutch texts, shared with the web forms), or
 * undefined when the issue carries zod's English default. Missing fields keep our own text.
 */
function schemaMessage(issue: FastifySchemaValidationError): string | undefined {
  if (issue.keyword === 'invalid_type' || !issue.message) return undefined;
  const fallback = englishDefault({ ...(issue.params as object), code: issue.keyword, path: [] } as never);
  const english = typeof fallback === 'string' ? fallback : fallback?.message;
  return issue.message === english ? undefined : issue.message;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'tekst',
  number: 'een getal',
  int: 'een geheel getal',
  boolean: 'waar of onwaar',
  object: 'een object',
  array: 'een lijst',
  date: 'een datum',
};

/** A Dutch message for one zod issue (as fastify-type-provider-zod reports it). */
function dutchMessage(issue: FastifySchemaValidationError): string {
  const p = issue.params as Record<string, unknown>;
  switch (issue.keyword) {
    case 'invalid_type':
      if (String(issue.message).includes('received undefined')) return 'Dit veld is verplicht.';
      return `Ongeldig type: verwacht ${TYPE_NAMES[String(p.expected)] ?? String(p.expected)}.`;
    case 'too_small':
      return p.origin === 'string'
        ? `Minimaal ${String(p.minimum)} tekens.`
        : `Moet minimaal ${String(p.minimum)} zijn.`;
    case 'too_big':
      return p.origin === 'string'
        ? `Maximaal ${String(p.maximum)} tekens.`
        : `Mag hoogstens ${String(p.maximum)} zijn.`;
    case 'invalid_value':
      return Array.isArray(p.values) ? `Kies een van: ${p.values.join(', ')}.` : 'Ongeldige waarde.';
    case 'invalid_format':
      return p.format === 'email' ? 'Ongeldig e-mailadres.' : 'Ongeldig formaat.';
    case 'unrecognized_keys':
      return 'Onbekend veld.';
    default:
      return 'Ongeldige waarde.';
  }
}

/** Header names are case-insensitive and Node lowercases them; a refusal names one as documented (`Idempotency-Key`). */
const headerName = (name: string): string =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

/**
 * Maps validation issues to `Fields`: field path (dots, e.g. `NameInformation.FirstNames`) → message.
 * An issue about the whole body or query is filed under that part's name (`body`, `querystring`).
 */
export function validationFields(
  issues: FastifySchemaValidationError[],
  context: string | undefined,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const base = context === 'headers' && path ? headerName(path) : path;
    const keys =
      issue.keyword === 'unrecognized_keys' ? ((issue.params as { keys?: string[] }).keys ?? []) : [];
    const paths = keys.length ? keys.map((k) => (base ? `${base}.${k}` : k)) : [base || context || 'body'];
    for (const path of paths) fields[path] ??= schemaMessage(issue) ?? dutchMessage(issue);
  }
  return fields;
}
