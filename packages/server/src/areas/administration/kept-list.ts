import { administrationListSchema, type DepartmentOption } from '@zorgportaal/contract';
import type { FastifyInstance } from 'fastify';
import { buildDayList, dayListVersion } from './queries/index.ts';
import type { DayListAnswer, DayListCache } from './day-list-cache.ts';
import { clockTurns, validUntil } from './list-etag.ts';
import { type WindowSettings, windowSettingsOf } from './time-window.ts';

/** What a ward's list of a day is for a caller: its data version, the care centre's window, MayRegister. */
export interface ListVersion {
  version: string;
  window: WindowSettings;
  mayRegister: boolean;
}

/**
 * The version of a ward's list for a caller who does (or does not) register there: the data version with the
 * time window (Geavanceerd: a changed setting is a changed list) and MayRegister (a role may change). One query.
 */
export async function listVersionOf(
  app: FastifyInstance,
  department: DepartmentOption,
  day: string,
  mayRegister: boolean,
): Promise<ListVersion> {
  const window = windowSettingsOf(await app.callerCache.entitySettings(department.EntityId));
  const data = await dayListVersion(app.db, [department.Id], day);
  return { version: `${data}|${window.before}-${window.after}|${mayRegister}`, window, mayRegister };
}

/**
 * The answer of a ward's list at `at` (its version), kept on this instance (day-list-cache.ts) or built now:
 * the list, checked against its contract schema and written as the route's serializer writes it (zod's
 * encode, then JSON), with the clients shown and the turn of its ETag.
 */
export function keptList(
  app: FastifyInstance,
  lists: DayListCache,
  department: DepartmentOption,
  day: string,
  now: Date,
  at: ListVersion,
): Promise<DayListAnswer> {
  return lists.list(`${department.Id}@${day}`, `${department.Name}|${at.version}`, now, async () => {
    const list = await buildDayList(app.db, department, day, now, at.window);
    const checked = administrationListSchema.safeEncode({ ...list, MayRegister: at.mayRegister });
    // A list that breaks its contract is our fault (a 500), never the client's.
    if (!checked.success) throw new Error('Toedienlijst does not match its schema', { cause: checked.error });
    return {
      json: JSON.stringify(checked.data),
      patientIds: list.Moments.map((m) => m.PatientId),
      until: validUntil(clockTurns(list.Moments), now),
    };
  });
}
