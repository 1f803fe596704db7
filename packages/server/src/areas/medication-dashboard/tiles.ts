import { findProtectedRoute, type MedicationDashboardListKey, routePermitted } from '@zorgportaal/contract';
import { entityScope } from '../../platform/scope.ts';
import { localDate } from '../../platform/time.ts';
import type { TileDefinition } from '../../platform/tiles.ts';
import { DASHBOARD_LISTS } from './queries/index.ts';
import { weekOf } from './week.ts';

/** The Medicatiedashboard's lists that ask for action, each as a landing tile (the others are news). */
const PAGE = '/zp/medication/dashboard';

const ACTION_LISTS: readonly { key: string; list: MedicationDashboardListKey }[] = [
  // A running Baxter roll that no longer matches the agreements: the ward gives from loose stock.
  { key: 'medicationInterim', list: 'interim' },
  // An agreement in force without the prescriber's signature.
  { key: 'medicationUnsigned', list: 'unsigned' },
];

/**
 * The Medicatiedashboard's action figures on the landing page of the organisations that have that
 * dashboard (as its route says: care centres and pharmacies): each counted with its list's own query, in the
 * dashboard's own scope, and linked to that list opened on the dashboard.
 */
export const MEDICATION_DASHBOARD_TILES: TileDefinition[] = [
  {
    key: 'medicationDashboard',
    anyOf: ['medication.read'],
    async figures(db, caller, now) {
      // Only where the dashboard's own page opens (its route's permission and organisation types).
      if (!routePermitted(findProtectedRoute(PAGE)!, [...caller.permissions], caller.entityType)) return [];
      const ctx = {
        scope: await entityScope(db, caller.entityId),
        week: weekOf(now),
        now,
        today: localDate(now),
      };
      const figures = [];
      for (const { key, list } of ACTION_LISTS)
        figures.push({
          key,
          value: await DASHBOARD_LISTS[list].count(db, ctx),
          link: `${PAGE}?list=${list}`,
        });
      return figures;
    },
  },
];
