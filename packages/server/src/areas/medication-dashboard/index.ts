import type { FastifyInstance } from 'fastify';
import routes from './routes.ts';

/**
 * The Medicatiedashboard (/zp/medication/dashboard): what changed in the medication this week and what
 * waits, for a care centre and the pharmacy that supplies it. It owns no table: its queries join the
 * medication, eTDR and Baxter tables.
 */
export default async function medicationDashboardArea(app: FastifyInstance): Promise<void> {
  await app.register(routes);
}
