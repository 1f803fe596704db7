import { NETWORK_TILES } from '../network/public.ts';
import { TROMBOSIS_TILES } from '../trombosis/public.ts';
import { BAXTER_TILES } from '../baxter/public.ts';
import { ORDER_TILES } from '../orders/public.ts';
import { COMMUNICATION_TILES } from '../communication/public.ts';
import { VP_TILES } from '../vp/public.ts';
import { LOG_TILES } from '../log/public.ts';
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
