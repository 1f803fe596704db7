import { registerTiles } from '../../platform/tiles.ts';
import { LOG_TILES } from './tiles.ts';

registerTiles('log', LOG_TILES, 90);

/**
 * Logboek: the organisation's audit log (with other organisations' access to its clients), its CSV export,
 * today's login tiles, the printout entries and a client's access overview (screen, PDF, CSV).
 */
export { default } from './routes/index.ts';
