import type { FastifyInstance } from 'fastify';
import { registerTiles } from '../../platform/tiles.ts';
import { onAgreementChange } from '../../platform/agreement-changes.ts';
import { recordInterimChange } from './queries/index.ts';
import baxterRoutes from './routes.ts';
import sachetScanRoutes from './sachet-scan.ts';
import { BAXTER_TILES } from './tiles.ts';

// A gds agreement started, changed or stopped during a running roll: recorded as an interim change.
onAgreementChange('baxter', async (tx, change) => {
  await recordInterimChange(tx, change);
});

registerTiles('baxter', BAXTER_TILES, 30);

/** Baxter rolls (GDS): week lists, generation from gds agreements, lay-out, hand-over, roll-file import. */
export default async function baxterArea(app: FastifyInstance): Promise<void> {
  await app.register(baxterRoutes);
  await app.register(sachetScanRoutes);
}
