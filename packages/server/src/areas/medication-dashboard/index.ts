import type { FastifyInstance } from 'fastify';
import { registerTiles } from '../../platform/tiles.ts';
import routes from './routes.ts';
import { MEDICATION_DASHBOARD_TILES } from './tiles.ts';

registerTiles('medication-dashboard', MEDICATION_DASHBOARD_TILES, 35);

/**
 * The Medicatiedashboard (/zp/medication/dashboard): what changed in the medication this week and what
 * waits, for a care centre and the pharmacy that supplies it. It owns no table: its queries join the
 * medication, eTDR and Baxter tables.
 */
export default async function medicationDashboardArea(app: FastifyInstance): Promise<void> {
  await app.register(routes);
}
