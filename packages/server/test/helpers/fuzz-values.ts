import fc from 'fast-check';
import type { JsonSchema } from './openapi.ts';

/** Strings a careless client or an attacker sends: control characters, ids in disguise, impossible dates. */
export const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u007f',
  '\ud800',
  '2024-02-30',
  '2023-02-29T10:00:00Z',
  '9999-12-31T23:59:59Z',
  '0000-01-01',
  '1e1',
  '0x10',
  '16.0',
  '+5',
  ' 5',
  '-1',
  '2147483648',
  '9007199254740993',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '',
  ' ',
  'null',
] as const;

/** Numbers out of every column's range, fractions where whole numbers belong. */
export const NASTY_NUMBERS = [0, -1, 0.5, 2147483648, -2147483649, 2 ** 53 + 2, 1e308, -1e308, 5e-324];

const nastyString = fc.constantFrom(...NASTY_STRINGS);
const nastyNumber = fc.constantFrom(...NASTY_NUMBERS);
const scalar = fc.oneof(
  nastyString,
  nastyNumber,
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);

/** Any JSON value: wrong types for every field. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: scalar },
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }),
);

/** A small real id most of the time (so handlers run against records), sometimes a nasty one. */
const idLike = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 60 }) }, nastyNumber);

/** A value that mostly has the schema's shape, with nasty leaves: reaches the handlers, not just the schema. */
export function fromSchema(schema: JsonSchema | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson;
  const wrong = { weight: 1, arbitrary: anyJson };
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((s) => fromSchema(s, name, depth + 1)));
  if (schema.enum?.length) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, wrong);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof({ weight: 2, arbitrary: nastyString }, fc.string({ maxLength: 30 }), wrong);
    case 'integer':
    case 'number':
      return /id$/i.test(name)
        ? fc.oneof({ weight: 4, arbitrary: idLike }, wrong)
        : fc.oneof(fc.integer({ min: 0, max: 30 }), nastyNumber, wrong);
    case 'boolean':
      return fc.oneof({ weight: 3, arbitrary: fc.boolean() }, wrong);
    case 'array':
      return fc.oneof(
        { weight: 3, arbitrary: fc.array(fromSchema(schema.items, name, depth + 1), { maxLength: 3 }) },
        wrong,
      );
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, fromSchema(value, key, depth + 1)]),
      );
      return fc.oneof(
        { weight: 4, arbitrary: fc.record(shape, { requiredKeys: schema.required ?? [] }) },
        wrong,
      );
    }
    default:
      return anyJson;
  }
}

/** encodeURIComponent that also sends a lone surrogate, as its (invalid) UTF-8 bytes. */
export const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

/** A path parameter: mostly a small id, else an id in disguise, a too-long segment or a broken escape. */
export const pathValue = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 60 }).map(String) },
  fc.constantFrom(
    '2147483648',
    '0x10',
    '1e1',
    '16.0',
    '-1',
    '0',
    '%00',
    '%2e%2e',
    '%E0%A4%A',
    'a'.repeat(150),
    '%20%35',
  ),
  fc.string({ maxLength: 12 }).map(encode),
);

/** Arrays nested this deep: parsers and validators must not recurse into a 500. */
export const deeplyNested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
