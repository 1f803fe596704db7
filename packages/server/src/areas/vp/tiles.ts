import type { TileDefinition } from '../../platform/tiles.ts';
import { entityScope } from '../../platform/scope.ts';
import { buildVpDashboard, reviewsDue } from './prescriber.ts';

/** Landing tiles of the prescriber: clients with open items and medication reviews due. */
export const VP_TILES: TileDefinition[] = [
  {
    key: 'vpOpenItems',
    anyOf: ['vp.read'],
    link: '/vp/dashboard',
    value: async (db, caller) =>
      (
        await buildVpDashboard(
          db,
          { accountId: caller.accountId, entityId: caller.entityId },
          await entityScope(db, caller.entityId),
        )
      ).Rows.length,
  },
  {
    key: 'reviewsDue',
    anyOf: ['vp.read'],
    link: '/vp/history',
    value: async (db, caller) => (await reviewsDue(db, await entityScope(db, caller.entityId))).Rows.length,
  },
];
