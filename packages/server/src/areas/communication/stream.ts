import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { isVisible, type Reader, unreadCount } from './queries/index.ts';

/** The events channel of new messages; the payload is the thread id, never content. */
export const THREAD_CHANNEL = 'zp_messages';
/** A comment line keeps proxies from closing an idle stream. */
const PING_MS = 25_000;
/**
 * A stream ends after five minutes and the client reconnects with its current token, so a stream never
 * outlives a session by more than that (a logout or force logout takes effect on the next connect).
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
 */
export async function openStream(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  reader: Reader,
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
  res.write('retry: 3000\n\n');
  send('ready', { Unread: unread });

  const unsubscribe = app.events.subscribe(THREAD_CHANNEL, (payload) => {
    const threadId = Number(payload);
    if (!Number.isSafeInteger(threadId)) return;
    isVisible(app.db, reader, threadId)
      .then((visible) => {
        if (visible && !res.writableEnded) send('message', { ThreadId: threadId });
      })
      .catch(() => request.log.warn('communication stream: visibility check failed'));
  });
  const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
  const lifetime = setTimeout(() => res.end(), STREAM_LIFETIME_MS);
  let set = open.get(app);
  if (!set) open.set(app, (set = new Set()));
  set.add(res);
  res.on('close', () => {
    clearInterval(ping);
    clearTimeout(lifetime);
    unsubscribe();
    open.get(app)?.delete(res);
  });
}
