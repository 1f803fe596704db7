import type { FastifyInstance } from 'fastify';
import routes from './routes.ts';
import { closeStreams, THREAD_CHANNEL } from './stream.ts';

export {
  createThreadToOrganisation,
  reachableEntityIds,
  unreadByPatient,
  unreadCount,
} from './queries/index.ts';
export { COMMUNICATION_TILES } from './tiles.ts';
export { seedDemoCommunication } from './demo.ts';

/** Communicatie: threads between organisations of the care network, read state, live events. */
export default async function communicationArea(app: FastifyInstance): Promise<void> {
  app.addHook('preClose', async () => closeStreams(app));
  await app.register(routes);
}

/** Tells the live event streams a thread changed; a lost event only delays the update to the next poll. */
export async function announceThread(app: FastifyInstance, threadId: number): Promise<void> {
  try {
    await app.events.publish(THREAD_CHANNEL, String(threadId));
  } catch {
    app.log.warn('communication event not published');
  }
}
