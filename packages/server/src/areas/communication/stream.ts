import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { type SessionHolder, sessionStillAllows, watchSession } from '../../platform/access/session-check.ts';
import { isVisible, type Reader, unreadCount } from './queries/index.ts';

/** The events channel of new messages; the payload is the thread id, never content. */
export const THREAD_CHANNEL = 'zp_messages';
/** A comment line keeps proxies from closing an idle stream. */
const PING_MS = 25_000;
/**
 * A stream ends after five minutes and the client reconnects with its current token or a new ticket.
 * It does not wait for that to end with its session: see `openStream`.
 */
export const STREAM_LIFETIME_MS = 5 * 60_000;

const open = new Map<FastifyInstance, Set<ServerResponse>>();

/** Ends every open stream of this app instance (before it closes, so close does not wait on them). */
export function closeStreams(app: FastifyInstance): void {
  for (const res of open.get(app) ?? []) res.end();
  open.delete(app);
}

/**
 * GET /api/communication/stream: server-sent events. `ready` carries the unread count; `message`
 * {ThreadId} follows every new message in a thread the caller may see, from any instance (platform
 * events: LISTEN/NOTIFY on PostgreSQL). The client refreshes what it shows and polls when the stream drops.
 * Before every event and every ping the session is checked as a request would be (open, account may log
 * in, `communication.use`, the connection's address on the allow-list); a logout, force logout or any
 * change to the account ends the stream at once (its revocation event), not at the end of its lifetime.
 */
export async function openStream(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  reader: Reader,
  holder: SessionHolder,
): Promise<void> {
  const unread = await unreadCount(app.db, reader);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  const send = (event: string, data: unknown) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

  // Checks run one after the other; a failed one (or an error) ends the stream.
  let checking: Promise<boolean> = Promise.resolve(true);
  const stillAllowed = (): Promise<boolean> => {
    checking = checking
      .then(
        (ok) =>
          ok && !res.writableEnded && sessionStillAllows(app.db, holder, request.ip, 'communication.use'),
      )
      .catch(() => false)
      .then((ok) => {
        if (!ok) res.end();
        return ok;
      });
    return checking;
  };

  const unsubscribe = app.events.subscribe(THREAD_CHANNEL, (payload) => {
    const threadId = Number(payload);
    if (!Number.isSafeInteger(threadId)) return;
    stillAllowed()
      .then((ok) => ok && isVisible(app.db, reader, threadId))
      .then((visible) => {
        if (visible && !res.writableEnded) send('message', { ThreadId: threadId });
      })
      .catch(() => request.log.warn('communication stream: visibility check failed'));
  });
  const unwatch = watchSession(app.events, holder, () => void stillAllowed());
  const ping = setInterval(() => {
    void stillAllowed().then((ok) => ok && res.write(': ping\n\n'));
  }, PING_MS);
  const lifetime = setTimeout(() => res.end(), STREAM_LIFETIME_MS);
  let set = open.get(app);
  if (!set) open.set(app, (set = new Set()));
  set.add(res);
  res.on('close', () => {
    clearInterval(ping);
    clearTimeout(lifetime);
    unsubscribe();
    unwatch();
    open.get(app)?.delete(res);
  });
  // `ready` means live: from now on a message posted on any instance reaches this stream. On PostgreSQL the
  // first stream of an instance waits until its LISTEN is in effect; a NOTIFY sent before that would be lost.
  await app.events.listening(THREAD_CHANNEL);
  if (res.writableEnded || res.destroyed) return;
  res.write('retry: 3000\n\n');
  send('ready', { Unread: unread });
}
