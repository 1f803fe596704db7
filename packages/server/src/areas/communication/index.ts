import type { FastifyInstance } from 'fastify';
import { registerTiles } from '../../platform/tiles.ts';
import routes from './routes.ts';
import { closeStreams } from './stream.ts';
import { COMMUNICATION_TILES } from './tiles.ts';

registerTiles('communication', COMMUNICATION_TILES, 70);

/** Communicatie: threads between organisations of the care network, read state, live events. */
export default async function communicationArea(app: FastifyInstance): Promise<void> {
  app.addHook('preClose', async () => closeStreams(app));
  await app.register(routes);
}
