import type { Permission } from '@zorgportaal/contract';
import type { Db } from '../db/client.ts';
import type { Caller } from '../types.ts';

/**
 * A dashboard tile. Issues add their own tiles to DASHBOARD_TILES (registry.ts); the route shows a
 * tile only when the caller holds one of `anyOf` (null: everyone) and computes only those.
 */
export interface TileDefinition {
  key: string;
  anyOf: readonly Permission[] | null;
  link?: string;
  value(db: Db, caller: Caller): Promise<number>;
}

export const maySeeTile = (tile: TileDefinition, caller: Caller): boolean =>
  tile.anyOf === null || tile.anyOf.some((permission) => caller.permissions.has(permission));
