import type { FastifyInstance } from 'fastify';
import { registerTiles } from '../../platform/tiles.ts';
import administrationDashboard from './routes/dashboard.ts';
import administrationList from './routes/list.ts';
import registration from './routes/registration.ts';
import administrationResults from './routes/results.ts';
import photo from './routes/photo.ts';
import flowchart from './routes/flowchart.ts';
import scan from './routes/scan.ts';
import { ROUND_TILES } from './tiles.ts';

registerTiles('administration', ROUND_TILES, 10);

/** Administration (toediening): the day list, registrations and double checks, results and the dashboard. */
export default async function administrationArea(app: FastifyInstance): Promise<void> {
  await app.register(administrationList);
  await app.register(registration);
  await app.register(administrationResults);
  await app.register(administrationDashboard);
  await app.register(photo);
  await app.register(flowchart);
  await app.register(scan);
}
