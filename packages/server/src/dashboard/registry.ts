import { PERSON_TILES } from './person-tiles.ts';
import type { TileDefinition } from './tile.ts';

/** Every dashboard tile, in display order. Later issues append their own list here. */
export const DASHBOARD_TILES: readonly TileDefinition[] = [...PERSON_TILES];
