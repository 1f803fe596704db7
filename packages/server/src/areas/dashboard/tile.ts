import type { Permission } from '@zorgportaal/contract';
import type { Db } from '../../platform/db/client.ts';
import type { Caller } from '../../platform/types.ts';

/** One tile of a definition that yields several (e.g. per department): its own key, group and link. */
export interface TileFigure {
  key: string;
  value: number;
  group?: string;
  link?: string;
  detail?: string;
}

/**
 * A dashboard tile. Areas add their tiles to DASHBOARD_TILES (registry.ts); the route shows a tile
 * only when the caller holds one of `anyOf` (null: everyone) and computes only those. A definition
 * gives either one figure (`value`) or several from one computation (`figures`).
 */
export type TileDefinition = {
  key: string;
  anyOf: readonly Permission[] | null;
  link?: string;
} & (
  | { value(db: Db, caller: Caller): Promise<number>; figures?: never }
  | { figures(db: Db, caller: Caller, now: Date): Promise<TileFigure[]>; value?: never }
);

export const maySeeTile = (tile: TileDefinition, caller: Caller): boolean =>
  tile.anyOf === null || tile.anyOf.some((permission) => caller.permissions.has(permission));
