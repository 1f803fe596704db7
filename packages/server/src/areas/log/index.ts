import { registerTiles } from '../../platform/tiles.ts';
import { LOG_TILES } from './tiles.ts';

registerTiles('log', LOG_TILES, 90);

/** Logboek: the organisation's audit log, its CSV export and today's login tiles. */
export { default } from './routes.ts';
