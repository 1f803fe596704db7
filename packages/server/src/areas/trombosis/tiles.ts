import type { TileDefinition } from '../dashboard/index.ts';
import { CRITICAL_WINDOW_DAYS, patientOverview } from './overview.ts';
import { criticalValuesSince } from './queries.ts';
import { trombosisScope } from './scope.ts';

const DASHBOARD = '/zp/trombosisservice/dashboard';

/**
 * The trombosis service's own work (checks due today and overdue, critical values of the last week),
 * and for care centre staff and their pharmacy the critical INR values of their own patients.
 */
export const TROMBOSIS_TILES: TileDefinition[] = [
  {
    key: 'trombosisChecks',
    anyOf: ['trombosis.write'],
    async figures(db, caller, now) {
      const scope = await trombosisScope(db, caller);
      if (scope.write.length === 0) return [];
      const overview = await patientOverview(db, scope.write, now);
      return [
        {
          key: 'inrChecksDue',
          value: overview.filter((p) => p.CheckStatus === 'due').length,
          link: DASHBOARD,
        },
        {
          key: 'inrChecksOverdue',
          value: overview.filter((p) => p.CheckStatus === 'overdue').length,
          link: DASHBOARD,
        },
      ];
    },
  },
  {
    key: 'inrCritical',
    anyOf: ['trombosis.read', 'medication.read'],
    async figures(db, caller, now) {
      const scope = await trombosisScope(db, caller);
      const critical = await criticalValuesSince(
        db,
        scope.read,
        new Date(now.getTime() - CRITICAL_WINDOW_DAYS * 86_400_000),
      );
      // The service always sees its figure and its dashboard; care staff and pharmacy get the alert
      // only when there is something to act on (the list itself needs trombosis.read).
      if (!caller.permissions.has('trombosis.read'))
        return critical.length > 0 ? [{ key: 'inrCritical', value: critical.length }] : [];
      return [{ key: 'inrCritical', value: critical.length, link: DASHBOARD }];
    },
  },
];
