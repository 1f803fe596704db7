import type { FastifyRequest } from 'fastify';

/**
 * What the technical log may say about requests and errors. It holds no query strings, bodies, query
 * parameters or database error details: those carry names, BSNs and other patient data. Pino applies
 * these serializers to every `{ req }` and `{ err }` the app or Fastify logs; the request id comes
 * from the request's child logger (`reqId`).
 */

type Link = Record<string, unknown>;

const causes = (err: unknown): Link[] => {
  const links: Link[] = [];
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Link).cause, depth++)
    links.push(e as Link);
  return links;
};

/** drizzle's DrizzleQueryError, or a driver error (pg and PGlite both raise DatabaseError with a severity). */
const isDatabaseLink = (e: Link): boolean =>
  (typeof e.query === 'string' && 'params' in e) ||
  (e as { constructor?: { name?: string } }).constructor?.name === 'DatabaseError' ||
  typeof e.severity === 'string';

/** Only the "at ..." frames: the first stack line repeats the message, which may hold the values. */
const framesOnly = (stack: unknown): string =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : '';

const typeOf = (e: Link): string => (e as { constructor?: { name?: string } }).constructor?.name ?? 'Error';

export interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  /** The SQL text with its $n placeholders; never the parameters. */
  query?: string;
}

/**
 * A database error becomes its type, SQLSTATE, SQL text and stack frames: its message ("Failed query:
 * … params: …", "invalid input syntax for type integer: "<input>"") and detail ("Key (x)=(<value>)")
 * are left out. Other errors keep their message, which our code writes, and their stack.
 */
export function safeErrorSerializer(err: unknown): SafeError {
  if (!err || typeof err !== 'object') return { type: typeof err, message: String(err), stack: '' };
  const links = causes(err);
  const top = links[0]!;
  if (links.some(isDatabaseLink)) {
    const query = links.map((e) => e.query).find((q): q is string => typeof q === 'string');
    const code = links
      .map((e) => e.code)
      .find((c): c is string => typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c));
    return {
      type: typeOf(top),
      message: 'database error (message and parameters withheld)',
      code,
      query,
      stack: framesOnly(top.stack),
    };
  }
  return {
    type: typeOf(top),
    message: typeof top.message === 'string' ? top.message : '',
    code: typeof top.code === 'string' ? top.code : undefined,
    stack: typeof top.stack === 'string' ? top.stack : '',
  };
}

/** The request line without its query string (search terms, names, dates of birth). */
export function safeRequestSerializer(req: FastifyRequest): {
  method: string;
  url: string;
  remoteAddress: string;
} {
  return { method: req.method, url: String(req.url ?? '').split('?')[0]!, remoteAddress: req.ip };
}

export const logSerializers = { err: safeErrorSerializer, req: safeRequestSerializer };
