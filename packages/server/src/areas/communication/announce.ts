import type { FastifyInstance } from 'fastify';
import { THREAD_CHANNEL } from './stream.ts';

/** Tells the live event streams a thread changed; a lost event only delays the update to the next poll. */
export async function announceThread(app: FastifyInstance, threadId: number): Promise<void> {
  try {
    await app.events.publish(THREAD_CHANNEL, String(threadId));
  } catch {
    app.log.warn('communication event not published');
  }
}
