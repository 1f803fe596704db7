import type { FastifyInstance } from 'fastify';
import routes from './routes.ts';

/**
 * Diagrammen: the charts an organisation saves over its administration results, shared by its users
 * (the Diagrammen screen and the Toediendashboard show them). One table of its own.
 */
export default async function diagramsArea(app: FastifyInstance): Promise<void> {
  await app.register(routes);
}
