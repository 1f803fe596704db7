import { AUDIT_OBJECTS } from '@zorgportaal/contract';
import { entityScope } from '../../platform/scope.ts';
import type { TileDefinition } from '../../platform/tiles.ts';
import { localDate } from '../../platform/time.ts';
import { countLog } from './queries/query.ts';
import { responsibleFor } from './responsible.ts';

/**
 * Logins of today (Dutch day) in the organisation, per outcome: counted with the Logboek's own filter
 * (logWhere), and each link opens the Logboek with exactly that filter (day, object type, outcome).
 */
const loginTile = (key: string, outcome: 'success' | 'failure' | 'denied'): TileDefinition => ({
  key,
  anyOf: ['log.read'],
  async figures(db, caller, now) {
    const day = localDate(now);
    const filter = { from: day, to: day, objectType: AUDIT_OBJECTS.login, outcome };
    // The Logboek's own parts, as its page computes them for this caller.
    const responsible = responsibleFor(caller, await entityScope(db, caller.entityId));
    const value = await countLog(db, caller.entityId, filter, responsible);
    const link = `/management/log?${new URLSearchParams(filter).toString()}`;
    return [{ key, value, link }];
  },
});

export const LOG_TILES: TileDefinition[] = [
  loginTile('loginsToday', 'success'),
  loginTile('failedLoginsToday', 'failure'),
  loginTile('deniedLoginsToday', 'denied'),
];
