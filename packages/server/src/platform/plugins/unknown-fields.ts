import type { FastifySchemaValidationError } from 'fastify';
import type { FastifySchemaCompiler } from 'fastify/types/schema.ts';

/**
 * Bodies whose unknown fields are not refused (yet): each with the reason.
 * - OAuth token requests: RFC 6749 §3.2 says the server MUST ignore unrecognised request parameters.
 */
const LENIENT_PREFIXES = ['/oauth/'];
/** `METHOD /path` of single routes that keep accepting unknown fields for now. */
const LENIENT_ROUTES = new Set<string>([
  // Its own strictness (which fields are read-only) belongs to the account area's rules.
  'PUT /api/account/profile',
]);

/** The mark fastify-type-provider-zod puts on its validation issues (a global symbol). */
const ZOD_ISSUE = Symbol.for('ZodFastifySchemaValidationError');

type Issue = { path: string[]; keys: string[] };

interface ZodDef {
  type?: string;
  shape?: Record<string, unknown>;
  catchall?: { _zod?: { def?: ZodDef } };
  innerType?: unknown;
  in?: unknown;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
}
const defOf = (schema: unknown): ZodDef | undefined => (schema as { _zod?: { def?: ZodDef } })?._zod?.def;

/**
 * The field names a body schema knows at its top level (through optional, default, pipe, union and
 * intersection), or null when it takes any (a record, a loose object, something else).
 */
export function topLevelKeys(schema: unknown): Set<string> | null {
  const def = defOf(schema);
  if (!def) return null;
  switch (def.type) {
    case 'object': {
      const catchall = def.catchall?._zod?.def?.type;
      if (catchall && catchall !== 'never') return null;
      return new Set(Object.keys(def.shape ?? {}));
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return topLevelKeys(def.innerType);
    case 'pipe':
      return topLevelKeys(def.in);
    case 'union':
    case 'intersection': {
      const parts = def.type === 'union' ? (def.options ?? []) : [def.left, def.right];
      const keys = new Set<string>();
      for (const part of parts) {
        const partKeys = topLevelKeys(part);
        if (!partKeys) return null;
        for (const key of partKeys) keys.add(key);
      }
      return keys;
    }
    default:
      return null;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The keys of `input` that the parsed `output` dropped, at any depth. A zod object strips keys it does
 * not know; comparing what came in with what the schema kept finds them without changing any schema,
 * so every body schema (and every field added to one later) is strict the same way.
 */
export function droppedKeys(
  input: unknown,
  output: unknown,
  path: string[] = [],
  found: Issue[] = [],
): Issue[] {
  if (Array.isArray(input) && Array.isArray(output)) {
    if (input.length === output.length)
      input.forEach((item, i) => droppedKeys(item, output[i], [...path, String(i)], found));
    return found;
  }
  if (!isPlainObject(input) || !isPlainObject(output)) return found;
  const keys = Object.keys(input);
  const dropped = keys.filter((key) => !Object.hasOwn(output, key));
  if (dropped.length) found.push({ path, keys: dropped });
  for (const key of keys)
    if (Object.hasOwn(output, key)) droppedKeys(input[key], output[key], [...path, key], found);
  return found;
}

/**
 * Wraps the zod validator compiler: a request body with a field its schema does not know is a 400 naming
 * the field (`Fields: { "<path>": "Onbekend veld." }`), the same answer as a `z.strictObject`.
 */
export function refusingUnknownBodyFields<S>(base: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = base(route);
    const lenient =
      route.httpPart !== 'body' ||
      LENIENT_PREFIXES.some((prefix) => route.url.startsWith(prefix)) ||
      LENIENT_ROUTES.has(`${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    if (lenient) return validate;
    const known = topLevelKeys(route.schema);
    const refusal = (issues: Issue[]): FastifySchemaValidationError[] =>
      issues.map(({ path, keys }) => ({
        // Marks the issue as a zod validation issue, so the error handler answers it like any other.
        [ZOD_ISSUE]: true,
        keyword: 'unrecognized_keys',
        instancePath: `/${path.join('/')}`,
        schemaPath: `#/${path.join('/')}/unrecognized_keys`,
        message: 'Onbekend veld.',
        params: { keys },
      }));
    return (data: unknown) => {
      const result = validate(data) as { value?: unknown; error?: Error | FastifySchemaValidationError[] };
      if (result.error) {
        // Also when other fields are wrong: an unknown top-level field is named with them.
        const extra = known && isPlainObject(data) ? Object.keys(data).filter((key) => !known.has(key)) : [];
        if (!extra.length || !Array.isArray(result.error)) return result;
        return { error: [...refusal([{ path: [], keys: extra }]), ...result.error] };
      }
      if (!('value' in result)) return result;
      const issues = droppedKeys(data, result.value);
      return issues.length ? { error: refusal(issues) } : result;
    };
  };
}
