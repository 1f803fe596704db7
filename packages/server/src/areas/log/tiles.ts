import { AUDIT_OBJECTS } from '@zorgportaal/contract';
import { entityScope } from '../../platform/scope.ts';
import type { TileDefinition, TileFigure } from '../../platform/tiles.ts';
import { localDate } from '../../platform/time.ts';
import { countLog } from './queries/query.ts';
import { responsibleFor } from './responsible.ts';

const LOGIN_FIGURES = [
  ['loginsToday', 'success'],
  ['failedLoginsToday', 'failure'],
  ['deniedLoginsToday', 'denied'],
] as const;

/**
 * Logins of today (Dutch day) in the organisation, per outcome: counted with the Logboek's own filter
 * (logWhere, with the parts its page computes for this caller, looked up once), and each link opens the
 * Logboek with exactly that filter (day, object type, outcome).
 */
export const LOG_TILES: TileDefinition[] = [
  {
    key: 'logins',
    anyOf: ['log.read'],
    async figures(db, caller, now) {
      const day = localDate(now);
      const responsible = responsibleFor(caller, await entityScope(db, caller.entityId));
      const figures: TileFigure[] = [];
      for (const [key, outcome] of LOGIN_FIGURES) {
        const filter = { from: day, to: day, objectType: AUDIT_OBJECTS.login, outcome };
        const value = await countLog(db, caller.entityId, filter, responsible);
        figures.push({ key, value, link: `/management/log?${new URLSearchParams(filter).toString()}` });
      }
      return figures;
    },
  },
];
