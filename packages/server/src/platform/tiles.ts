import type { Permission } from '@zorgportaal/contract';
import type { Db } from './db/client.ts';
import type { Caller } from './types.ts';

/** One tile of a definition that yields several (e.g. per department): its own key, group and link. */
export interface TileFigure {
  key: string;
  value: number;
  group?: string;
  link?: string;
  detail?: string;
}

/**
 * A landing-page tile. The dashboard shows a tile only when the caller holds one of `anyOf` (null:
 * everyone) and computes only those. A definition gives either one figure (`value`) or several from one
 * computation (`figures`).
 */
export type TileDefinition = {
  key: string;
  anyOf: readonly Permission[] | null;
  link?: string;
} & (
  | { value(db: Db, caller: Caller): Promise<number>; figures?: never }
  | { figures(db: Db, caller: Caller, now: Date): Promise<TileFigure[]>; value?: never }
);

interface Registration {
  rank: number;
  tiles: readonly TileDefinition[];
}

const registrations = new Map<string, Registration>();

/**
 * Each area registers its landing tiles here (from its index.ts), so the dashboard area knows none of
 * them. `rank` places the area's tiles on the page, lowest first: the user's own work before staff
 * figures (docs/architecture.md lists the ranks in use); equal ranks keep registration order. One list
 * per area: registering an area again replaces it. Returns the removal (for tests that add their own).
 */
export function registerTiles(area: string, tiles: readonly TileDefinition[], rank: number): () => void {
  const registration = { rank, tiles };
  registrations.set(area, registration);
  return () => {
    if (registrations.get(area) === registration) registrations.delete(area);
  };
}

/** Every registered tile in page order. */
export const registeredTiles = (): TileDefinition[] =>
  [...registrations.values()].sort((a, b) => a.rank - b.rank).flatMap((r) => r.tiles);

/** The tiles the caller may see (holds one of `anyOf`), in page order. */
export const tilesFor = (caller: Caller): TileDefinition[] =>
  registeredTiles().filter(
    (tile) => tile.anyOf === null || tile.anyOf.some((permission) => caller.permissions.has(permission)),
  );
