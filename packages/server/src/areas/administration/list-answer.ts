import { type AdministrationList, type DayList, type DepartmentOption } from '@zorgportaal/contract';
import type { FastifyInstance } from 'fastify';
import { buildDayList, buildDayListPart } from './queries/index.ts';
import type { BuiltList } from './day-list-cache.ts';
import { turnedTo } from './clock-turn.ts';
import { clockTurns, validUntil } from './list-etag.ts';
import { LIST_VERSION_SHARDS } from './list-versions-schema.ts';
import type { WindowSettings } from './time-window.ts';

/** What a ward's list is built with besides its data: the care centre's window and MayRegister. */
export interface ListSettings {
  window: WindowSettings;
  mayRegister: boolean;
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
 * The list as the route answers it: the day list with MayRegister, in the contract schema's key order. Not run
 * through the schema's encode, which cost a quarter of a full build's CPU and gives the same bytes (the
 * schema has no codec): `day-list-equality.test.ts` compares them for every ward of the demo world on many days,
 * and the web parses the answer with the same schema.
 */
export const answerList = (list: DayList, mayRegister: boolean): AdministrationList => ({
  ...list,
  MayRegister: mayRegister,
});

/** A ward's list built at `now`, written as JSON, with the clients shown and the turn of its ETag. */
export async function builtAnswer(
  app: FastifyInstance,
  department: DepartmentOption,
  day: string,
  now: Date,
  at: ListSettings,
): Promise<BuiltList> {
  const list = await buildDayList(app.db, department, day, now, at.window);
  return answerOf(answerList(list, at.mayRegister), now);
}

/** A kept answer's JSON as the answer a build at `now` from the same data gives (clock-turn.ts). */
export const turnedAnswer = (json: string, now: Date): BuiltList =>
  answerOf(turnedTo(JSON.parse(json) as AdministrationList, now), now);

const instant = (m: { ScheduledAt: string | null }) =>
  m.ScheduledAt === null ? Number.POSITIVE_INFINITY : Date.parse(m.ScheduledAt);

/**
 * A kept answer's JSON with the clients of `shards` (their id mod LIST_VERSION_SHARDS) built again at `now` and
 * the others' moments kept, in the order a whole build gives (by time, then the ward's client order, then
 * agreement), turned to `now`: the answer a whole build gives, from a statement that reads only those clients.
 * Null when a kept client is no longer in the ward (a change the shards did not name): then the caller builds.
 */
export async function patchedAnswer(
  app: FastifyInstance,
  department: DepartmentOption,
  day: string,
  now: Date,
  at: ListSettings,
  json: string,
  shards: readonly number[],
): Promise<BuiltList | null> {
  const kept = JSON.parse(json) as AdministrationList;
  const part = await buildDayListPart(app.db, department, day, now, at.window, shards);
  const changed = new Set(shards);
  const rank = new Map(part.order.map((id, i) => [id, i]));
  const moments = [
    ...kept.Moments.filter((m) => !changed.has(m.PatientId % LIST_VERSION_SHARDS)),
    ...part.list.Moments,
  ];
  if (moments.some((m) => !rank.has(m.PatientId))) return null;
  // Each moment's keys once, not once per comparison. Infinity − Infinity (two as-needed moments) is NaN,
  // which counts as equal: the next key decides.
  const keyed = moments.map((m) => ({ m, at: instant(m), rank: rank.get(m.PatientId)! }));
  keyed.sort((a, b) => a.at - b.at || a.rank - b.rank || a.m.AgreementId - b.m.AgreementId);
  return answerOf(turnedTo({ ...kept, Moments: keyed.map((k) => k.m) }, now), now);
}
