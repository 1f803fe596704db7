import type { TileDefinition } from '../../platform/tiles.ts';
import { trombosisDashboard } from './overview.ts';
import { trombosisScope } from './scope.ts';

const DASHBOARD = '/zp/trombosisservice/dashboard';

/**
 * The trombosis service's own work (checks due today and overdue, critical values of the last week),
 * and for care centre staff, their pharmacy and GP the critical INR values of their own patients. Every
 * figure is a length of the Trombosedashboard's own lists (trombosisDashboard, the caller's read scope),
 * so a tile equals the list it opens.
 */
export const TROMBOSIS_TILES: TileDefinition[] = [
  {
    key: 'trombosisChecks',
    anyOf: ['trombosis.write'],
    async figures(db, caller, now) {
      const scope = await trombosisScope(db, caller);
      if (scope.write.length === 0) return [];
      const dashboard = await trombosisDashboard(db, scope.read, now);
      return [
        { key: 'inrChecksDue', value: dashboard.DueToday.length, link: DASHBOARD },
        { key: 'inrChecksOverdue', value: dashboard.Overdue.length, link: DASHBOARD },
      ];
    },
  },
  {
    key: 'inrCritical',
    anyOf: ['trombosis.read', 'medication.read'],
    async figures(db, caller, now) {
      const scope = await trombosisScope(db, caller);
      const critical = (await trombosisDashboard(db, scope.read, now)).Critical.length;
      const figure = { key: 'inrCritical', value: critical, link: DASHBOARD };
      // The service always sees its figure; care staff, pharmacy and GP get it only when there is
      // something to act on. Everyone opens the same dashboard, read with the same scope.
      if (!caller.permissions.has('trombosis.read')) return critical > 0 ? [figure] : [];
      return [figure];
    },
  },
];
