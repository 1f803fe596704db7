import type { FastifyInstance } from 'fastify';
import routes from './routes.ts';
import { closeStreams } from './stream.ts';

/** Communicatie: threads between organisations of the care network, read state, live events. */
export default async function communicationArea(app: FastifyInstance): Promise<void> {
  app.addHook('preClose', async () => closeStreams(app));
  await app.register(routes);
}
