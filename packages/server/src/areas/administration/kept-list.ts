import type { DepartmentOption } from '@zorgportaal/contract';
import type { FastifyInstance } from 'fastify';
import { wardListVersion } from './queries/index.ts';
import type { DayListAnswer, DayListCache, Patch } from './day-list-cache.ts';
import { builtAnswer, type ListSettings, patchedAnswer, turnedAnswer } from './list-answer.ts';
import { windowSettingsOf } from './time-window.ts';

/** What a ward's list of a day is for a caller: its data version, its counters, the window, MayRegister. */
export interface ListVersion extends ListSettings {
  version: string;
  /** The ward's counters per client shard (`shard:counter,…`, queries/list-version.ts). */
  shards: string;
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
  const data = await wardListVersion(app.db, department.Id, day);
  return {
    version: `${data.version}|${window.before}-${window.after}|${mayRegister}`,
    shards: data.shards,
    window,
    mayRegister,
  };
}

/** What a kept answer was built from: the ward's name, window and MayRegister, then its counters. */
const identityOf = (department: DepartmentOption, at: ListVersion) =>
  `${department.Name}|${at.window.before}-${at.window.after}|${at.mayRegister}#${at.shards}`;

const countersOf = (identity: string) => {
  const split = identity.lastIndexOf('#');
  const counters = new Map<number, string>();
  for (const pair of identity
    .slice(split + 1)
    .split(',')
    .filter(Boolean)) {
    const [shard, counter] = pair.split(':');
    counters.set(Number(shard), counter!);
  }
  return { base: identity.slice(0, split), counters };
};

/**
 * The shards whose counters moved between a kept identity and the current one of the same ward, name, window
 * and MayRegister; null when anything else moved, or more than half of the ward's shards (a whole build is
 * then about as cheap).
 */
export function changedShards(kept: string, current: string): number[] | null {
  const before = countersOf(kept);
  const after = countersOf(current);
  if (before.base !== after.base) return null;
  const shards = new Set([...before.counters.keys(), ...after.counters.keys()]);
  const changed = [...shards].filter((s) => before.counters.get(s) !== after.counters.get(s));
  return changed.length > 0 && changed.length * 2 <= after.counters.size ? changed : null;
}

/**
 * The answer of a ward's list at `at` (its version), kept on this instance (day-list-cache.ts) or made now.
 * When the clock turned a kept answer of the same version, it is turned to `now` (clock-turn.ts): no database,
 * so every ward of the country turning at the same instant (a round's start, a dose turning late) costs no
 * burst of builds; a ward polled in the minutes before has it turned ahead, so that instant costs no burst of
 * turns either. When a few clients changed (a registration: its client's counter), only their part is
 * read and built, and the kept answer patched with it (list-answer.ts); otherwise the list is built.
 */
export function keptList(
  app: FastifyInstance,
  lists: DayListCache,
  department: DepartmentOption,
  day: string,
  now: Date,
  at: ListVersion,
): Promise<DayListAnswer> {
  const identity = identityOf(department, at);
  const build = () => builtAnswer(app, department, day, now, at);
  const patch: Patch = (kept) => {
    const shards = changedShards(kept, identity);
    return shards && ((json) => patchedAnswer(app, department, day, now, at, json, shards));
  };
  return lists.list(`${department.Id}@${day}`, identity, now, build, turnedAnswer, patch);
}
