import {
  type AdministrationList,
  administrationListSchema,
  type DepartmentOption,
} from '@zorgportaal/contract';
import type { FastifyInstance } from 'fastify';
import { buildDayList, dayListVersion } from './queries/index.ts';
import type { BuiltList, DayListAnswer, DayListCache } from './day-list-cache.ts';
import { turnedTo } from './clock-turn.ts';
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

/** A ward's list as the route answers it: its JSON, the clients it shows and the end of its ETag at `now`. */
function answerOf(list: AdministrationList, now: Date): BuiltList {
  return {
    json: JSON.stringify(list),
    patientIds: list.Moments.map((m) => m.PatientId),
    until: validUntil(clockTurns(list.Moments), now),
  };
}

/**
 * The answer of a ward's list at `at` (its version), kept on this instance (day-list-cache.ts) or built now.
 * When the clock turned a kept answer of the same version, it is turned to `now` (clock-turn.ts) instead of
 * built again: no database, so every ward of the country turning at the same instant (a round's start, a
 * dose turning late) costs no burst of builds.
 */
export function keptList(
  app: FastifyInstance,
  lists: DayListCache,
  department: DepartmentOption,
  day: string,
  now: Date,
  at: ListVersion,
): Promise<DayListAnswer> {
  const build = () => builtAnswer(app, department, day, now, at);
  const turn = (json: string) => turnedAnswer(json, now);
  return lists.list(`${department.Id}@${day}`, `${department.Name}|${at.version}`, now, build, turn);
}

/**
 * A ward's list built at `now`: checked against its contract schema and written as the route's serializer
 * writes it (zod's encode, then JSON), with the clients shown and the turn of its ETag.
 */
export async function builtAnswer(
  app: FastifyInstance,
  department: DepartmentOption,
  day: string,
  now: Date,
  at: Pick<ListVersion, 'window' | 'mayRegister'>,
): Promise<BuiltList> {
  const list = await buildDayList(app.db, department, day, now, at.window);
  const checked = administrationListSchema.safeEncode({ ...list, MayRegister: at.mayRegister });
  // A list that breaks its contract is our fault (a 500), never the client's.
  if (!checked.success) throw new Error('Toedienlijst does not match its schema', { cause: checked.error });
  return answerOf(checked.data, now);
}

/** A kept answer's JSON as the answer a build at `now` from the same data gives (clock-turn.ts). */
export const turnedAnswer = (json: string, now: Date): BuiltList =>
  answerOf(turnedTo(JSON.parse(json) as AdministrationList, now), now);
