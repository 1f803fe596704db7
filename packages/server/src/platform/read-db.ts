import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_READ_MAX_LAG_MS, type Db } from './db/client.ts';
import { LAG_CHECK_MS } from './db/replica.ts';

/**
 * Read-your-writes across instances: a session that wrote carries this cookie (its session and an
 * instant, signed with SECRET_KEY), and until that instant its heavy reads go to the primary. The browser
 * sends it with every same-origin request, so whichever instance answers next knows; no instance keeps it
 * and no query reads it. It grants nothing (a forged one only moves reads to the primary).
 */
export const WROTE_COOKIE = 'zp_wrote';

/**
 * How long a session reads the primary after a write: the replica's allowed lag plus one lag check. A
 * replica at most `maxLagMs` behind (measured at most one check ago) has replayed every commit older
 * than that, so once the window has passed the writer's own change is on the replica too.
 */
export const pinWindowMs = (maxLagMs: number): number => maxLagMs + LAG_CHECK_MS;

const mac = (secret: string, sessionId: string, until: number) =>
  createHmac('sha256', `zp-read-your-writes:${secret}`)
    .update(`${sessionId}.${until}`)
    .digest('base64url')
    .slice(0, 27);

/** The cookie's value for this session, valid until `until` (epoch ms). */
export const wroteToken = (secret: string, sessionId: string, until: number): string =>
  `${until}.${mac(secret, sessionId, until)}`;

/** The value of one cookie in a Cookie header (the last one of that name wins, as in browsers). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  let found: string | undefined;
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) found = part.slice(eq + 1).trim();
  }
  return found;
}

/** True while a cookie this server signed for this session says it wrote within the window. */
export function wroteRecently(
  secret: string,
  sessionId: string,
  value: string | undefined,
  now = Date.now(),
): boolean {
  const match = /^(\d{1,15})\.([\w-]{27})$/.exec(value ?? '');
  if (!match) return false;
  const until = Number(match[1]);
  if (until <= now) return false;
  const expected = Buffer.from(mac(secret, sessionId, until));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The database for a request's heavy read (Logboek, exports, results, dashboards, VP history, FHIR
 * searches): the replica, unless there is none, it is unreachable or too far behind, or this session
 * wrote within the window. Only the read itself: scope and permission checks, audit entries and every
 * write use `app.db` (the primary).
 */
export function readDbOf(request: FastifyRequest): Db {
  const { database, config } = request.server;
  if (!database.replica?.usable()) return database.db;
  const sessionId = request.caller?.sessionId;
  const value = cookieValue(request.headers.cookie, WROTE_COOKIE);
  if (sessionId && wroteRecently(config.secretKey, sessionId, value)) return database.db;
  return database.readDb;
}

/** A request that changed something: not a read method, answered without an error, by a session. */
const wroteSomething = (request: FastifyRequest, reply: FastifyReply): boolean =>
  !READS.has(request.method) && reply.statusCode < 400 && !!request.caller?.sessionId;

/**
 * Sets the cookie on every answer to a write, with or without a replica: the same path everywhere, so the
 * embedded tests run it too. HttpOnly (no script needs it), SameSite=Strict, Secure behind https.
 */
export default fp(
  async (app: FastifyInstance) => {
    const windowMs = pinWindowMs(app.database.replica?.maxLagMs ?? DEFAULT_READ_MAX_LAG_MS);
    const secure = app.config.publicUrl.startsWith('https://') ? '; Secure' : '';
    app.addHook('onSend', async (request, reply, payload) => {
      if (!wroteSomething(request, reply)) return payload;
      const until = Date.now() + windowMs;
      const value = wroteToken(app.config.secretKey, request.caller!.sessionId, until);
      reply.header(
        'set-cookie',
        `${WROTE_COOKIE}=${value}; Path=/; Max-Age=${Math.ceil(windowMs / 1000)}; HttpOnly; SameSite=Strict${secure}`,
      );
      return payload;
    });
  },
  { name: 'read-your-writes', dependencies: ['db', 'config', 'access'] },
);
