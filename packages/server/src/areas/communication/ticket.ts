import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SessionHolder } from '../../platform/access/session-check.ts';

/**
 * A browser's EventSource cannot send the bearer token, so the page first asks for a stream ticket:
 * account, organisation, session and the address that asked, valid for a minute, signed with the
 * installation's secret (every instance can check it, the stream may land on another one). The stream
 * must be opened from that same address; opening it and every event after check the session (the
 * stream route, `sessionStillAllows`), so a logout ends the stream at once.
 */
export const TICKET_LIFETIME_MS = 60_000;

interface TicketPayload {
  a: number;
  e: number;
  s: string;
  /** The address the ticket was issued to. */
  i: string;
  x: number;
}

const sign = (secret: string, data: string) =>
  createHmac('sha256', `zp-stream-ticket:${secret}`).update(data).digest('base64url');

export function issueTicket(secret: string, holder: SessionHolder, ip: string, now = Date.now()): string {
  const payload: TicketPayload = {
    a: holder.accountId,
    e: holder.entityId,
    s: holder.sessionId,
    i: ip,
    x: now + TICKET_LIFETIME_MS,
  };
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${data}.${sign(secret, data)}`;
}

/** The session of a valid, unexpired ticket presented from the address it was issued to; null otherwise. */
export function readTicket(
  secret: string,
  ticket: string,
  ip: string,
  now = Date.now(),
): SessionHolder | null {
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
  if (typeof payload.x !== 'number' || payload.x < now || payload.i !== ip) return null;
  if (typeof payload.s !== 'string' || !Number.isSafeInteger(payload.a) || !Number.isSafeInteger(payload.e))
    return null;
  return { accountId: payload.a, entityId: payload.e, sessionId: payload.s };
}
