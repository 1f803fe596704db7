import type { TileDefinition } from '../dashboard/index.ts';
import { linksOf } from './queries.ts';

/**
 * Zorgnetwerk: links another organisation proposed that wait for this organisation's confirmation.
 * The links the Zorgnetwerk page lists (linksOf) with their "Activeren" button (CanActivate).
 */
export const NETWORK_TILES: TileDefinition[] = [
  {
    key: 'networkToConfirm',
    anyOf: ['settings.manage'],
    link: '/healthcare/infrastructure',
    value: async (db, caller) => (await linksOf(db, caller)).filter((link) => link.CanActivate).length,
  },
];
