import type { TileDefinition } from '../../platform/tiles.ts';
import { entityScope } from '../../platform/scope.ts';
import { countRolls } from './queries/index.ts';
import { currentWeek } from './week.ts';

/**
 * Rolls of this week waiting to be laid out (the pharmacy's to make, a care centre's still to come):
 * counted with the week list's own filter, and the link opens that very list (week and status).
 */
export const BAXTER_TILES: TileDefinition[] = [
  {
    key: 'rollsWaiting',
    anyOf: ['baxter.read'],
    async figures(db, caller, now) {
      const weekStart = currentWeek(now);
      const status = 'waiting_for_file';
      const value = await countRolls(db, {
        scope: await entityScope(db, caller.entityId),
        weekStart,
        status,
      });
      return [{ key: 'rollsWaiting', value, link: `/baxter?week=${weekStart}&status=${status}` }];
    },
  },
];
