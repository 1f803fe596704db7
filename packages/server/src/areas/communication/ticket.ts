import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { sessions } from './tables.ts';
import type { Reader } from './queries/index.ts';

/**
 * A browser's EventSource cannot send the bearer token, so the page first asks for a stream ticket:
 * account, organisation and session, valid for a minute, signed with the installation's secret (every
 * instance can check it, the stream may land on another one). Opening the stream checks the session
 * is still open; a logout ends the stream within its lifetime (STREAM_LIFETIME_MS).
 */
export const TICKET_LIFETIME_MS = 60_000;

interface TicketPayload {
  a: number;
  e: number;
  s: string;
  x: number;
}

const sign = (secret: string, data: string) =>
  createHmac('sha256', `zp-stream-ticket:${secret}`).update(data).digest('base64url');

export function issueTicket(secret: string, reader: Reader, sessionId: string, now = Date.now()): string {
  const payload: TicketPayload = {
    a: reader.accountId,
    e: reader.entityId,
    s: sessionId,
    x: now + TICKET_LIFETIME_MS,
  };
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${data}.${sign(secret, data)}`;
}

/** The reader of a valid, unexpired ticket whose session is still open; null otherwise. */
export async function readTicket(
  db: Db,
  secret: string,
  ticket: string,
  now = Date.now(),
): Promise<Reader | null> {
  const [data, signature] = ticket.split('.');
  if (!data || !signature) return null;
  const expected = Buffer.from(sign(secret, data));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let payload: TicketPayload;
  try {
    payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as TicketPayload;
  } catch {
    return null;
  }
  if (typeof payload.x !== 'number' || payload.x < now) return null;
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, payload.s), eq(sessions.accountId, payload.a), isNull(sessions.revokedAt)));
  return session ? { accountId: payload.a, entityId: payload.e } : null;
}
