import type { FastifyInstance } from 'fastify';
import reportRoutes from './report-routes.ts';
import routes from './routes.ts';

/** Koppelingen (Geavanceerd): integrations with outside systems, their run reports and the MijnCaress sync. */
export default async function integrationsArea(app: FastifyInstance): Promise<void> {
  await app.register(routes);
  await app.register(reportRoutes);
}
