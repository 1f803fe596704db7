import { PERSON_TILES } from './person-tiles.ts';
import { ROUND_TILES } from './round-tiles.ts';
import type { TileDefinition } from './tile.ts';

/**
 * Every dashboard tile, in display order: the user's own work first, staff figures after. Each area
 * appends its list here (open orders, unread messages, INR checks due, ...).
 */
export const DASHBOARD_TILES: readonly TileDefinition[] = [...ROUND_TILES, ...PERSON_TILES];
