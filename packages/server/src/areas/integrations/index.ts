import type { FastifyInstance } from 'fastify';
import reportRoutes from './report-routes.ts';
import routes from './routes.ts';
import { scheduleIntegrations } from './scheduler.ts';

/**
 * Koppelingen (Geavanceerd): integrations with outside systems, their run reports, the MijnCaress sync, the
 * MP9 agreement pull, and the scheduler that runs the hourly and daily ones.
 */
export default async function integrationsArea(app: FastifyInstance): Promise<void> {
  await app.register(routes);
  await app.register(reportRoutes);
  scheduleIntegrations(app);
}
