import type { TileDefinition } from '../../platform/tiles.ts';
import { linksOf } from './queries.ts';

/**
 * Zorgnetwerk: links another organisation proposed that wait for this organisation's confirmation.
 * The links the Zorgnetwerk page lists (linksOf) with their "Activeren" button (CanActivate)
 * that the other side proposed.
 */
export const NETWORK_TILES: TileDefinition[] = [
  {
    key: 'networkToConfirm',
    anyOf: ['settings.manage'],
    link: '/healthcare/infrastructure',
    // A link the caller's organisation ended itself may be activated there, but is no request from the other side.
    value: async (db, caller) =>
      (await linksOf(db, caller)).filter((link) => link.CanActivate && link.DeactivatedBy === null).length,
  },
];
