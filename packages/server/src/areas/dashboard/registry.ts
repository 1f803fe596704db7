import { NETWORK_TILES } from '../network/index.ts';
import { TROMBOSIS_TILES } from '../trombosis/index.ts';
import { BAXTER_TILES } from '../baxter/index.ts';
import { ORDER_TILES } from '../orders/index.ts';
import { COMMUNICATION_TILES } from '../communication/index.ts';
import { VP_TILES } from '../vp/index.ts';
import { LOG_TILES } from '../log/index.ts';
import { PERSON_TILES } from './person-tiles.ts';
import { ROUND_TILES } from './round-tiles.ts';
import type { TileDefinition } from './tile.ts';

/**
 * Every dashboard tile, in display order: the user's own work first, staff figures after. Each area
 * appends its list here (open orders, unread messages, INR checks due, ...).
 */
export const DASHBOARD_TILES: readonly TileDefinition[] = [
  ...ROUND_TILES,
  ...ORDER_TILES,
  ...BAXTER_TILES,
  ...TROMBOSIS_TILES,
  ...NETWORK_TILES,
  ...VP_TILES,
  ...COMMUNICATION_TILES,
  ...PERSON_TILES,
  ...LOG_TILES,
];
