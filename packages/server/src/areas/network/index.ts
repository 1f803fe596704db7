import type { FastifyInstance } from 'fastify';
import routes from './routes.ts';

/** Zorgnetwerk area: the organisations a caller sees and the network links between them. */
export default async function networkArea(app: FastifyInstance): Promise<void> {
  await app.register(routes);
}
