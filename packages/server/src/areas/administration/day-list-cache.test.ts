import { type DayList, LATE_AFTER_MINUTES, type PlannedMoment } from '@zorgportaal/contract';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type BuiltList, createDayListCache, type DayListCache, type Patch } from './day-list-cache.ts';
import { ROUND_LEAD_MS } from './day-progress.ts';
import { clockTurns, validUntil } from './list-etag.ts';

const at = (iso: string) => new Date(iso);
/**
 * A ward's list with one moment at `scheduledAt`: the clock turns it when the moment's round starts
 * (ROUND_LEAD_MS before it) and when it turns late (LATE_AFTER_MINUTES after it).
 */
const listWith = (scheduledAt: string | null, tag = 'a'): DayList =>
  ({
    DepartmentId: 1,
    DepartmentName: tag,
    Date: '2026-11-28',
    Moments: [{ ScheduledAt: scheduledAt, PatientId: 7 } as PlannedMoment],
  }) as DayList;

/** The list as the route's build hands it to the cache, built at `now`. */
const builtOf = (list: DayList, now: Date): BuiltList => ({
  json: JSON.stringify(list),
  patientIds: list.Moments.map((m) => m.PatientId),
  until: validUntil(clockTurns(list.Moments), now),
});

/** A build at `now` that counts its calls and answers `list` (after `delay` ms), and its turn, counted too. */
function counted(list: DayList, delay = 0) {
  const build = async (now = new Date()) => {
    build.calls += 1;
    if (delay) await new Promise((r) => setTimeout(r, delay));
    return builtOf(list, now);
  };
  build.calls = 0;
  build.turns = 0;
  /** The kept JSON at another instant: this list has nothing the clock changes but its ETag's end. */
  build.turn = (json: string, now: Date) => {
    build.turns += 1;
    return builtOf(JSON.parse(json) as DayList, now);
  };
  return build;
}

/** A request at `now`: the cache's build (or turn, or patch) runs at that instant, as the route's does. */
const ask = (
  cache: DayListCache,
  slot: string,
  identity: string,
  now: Date,
  build: ReturnType<typeof counted>,
  patch?: Patch,
) => cache.list(slot, identity, now, () => build(now), build.turn, patch);

describe("the ward's built Toedienlijst, shared on an instance", () => {
  const morning = at('2026-11-28T07:00:00Z');
  const moment = '2026-11-28T10:00:00Z';
  const roundStarts = at(moment).getTime() - ROUND_LEAD_MS;
  const late = at(moment).getTime() + LATE_AFTER_MINUTES * 60_000;

  it('builds once for requests of the same version, also when they arrive together', async () => {
    const cache = createDayListCache();
    const build = counted(listWith(moment), 20);
    const lists = await Promise.all([1, 2, 3].map(() => ask(cache, '1@d', 'v1', morning, build)));
    expect(build.calls).toBe(1);
    // One gzipped answer for all three; only the request that built it also holds its JSON.
    expect(new Set(lists.map((l) => l.gzip)).size).toBe(1);
    expect(lists.filter((l) => l.json !== undefined)).toHaveLength(1);
    await ask(cache, '1@d', 'v1', at('2026-11-28T08:00:00Z'), build);
    expect(build.calls).toBe(1);
  });

  it('builds again for a new version; once the clock turned the list, turns the kept one without a build', async () => {
    // No turn ahead here (0 ms before): each turn is made by the request that finds the clock passed it.
    const cache = createDayListCache(undefined, 0);
    const build = counted(listWith(moment));
    await ask(cache, '1@d', 'v1', morning, build);
    await ask(cache, '1@d', 'v2', morning, build);
    expect(build.calls).toBe(2);
    // Just before each turn: still the kept list; once it passed: the kept list turned, once, then kept.
    await ask(cache, '1@d', 'v2', new Date(roundStarts - 1), build);
    expect(build.turns).toBe(0);
    const turned = await ask(cache, '1@d', 'v2', new Date(roundStarts + 1), build);
    expect(build.turns).toBe(1);
    expect(turned.until).toBe(late);
    expect(gunzipSync(turned.gzip!).toString()).toBe(JSON.stringify(listWith(moment)));
    await ask(cache, '1@d', 'v2', new Date(late - 1), build);
    expect(build.turns).toBe(1);
    await ask(cache, '1@d', 'v2', new Date(late + 1), build);
    expect(build.turns).toBe(2);
    expect(build.calls).toBe(2);
    // A new version after a turn: built again, never turned from another version's data.
    await ask(cache, '1@d', 'v3', new Date(late + 2), build);
    expect([build.calls, build.turns]).toEqual([3, 2]);
  });

  it('turns a list asked for in the minutes before its clock turn ahead, so the requests after it find it ready', async () => {
    const cache = createDayListCache(undefined, 2 * 60_000);
    const build = counted(listWith(moment));
    await ask(cache, '1@d', 'v1', morning, build);
    await cache.settled();
    expect(build.turns).toBe(0); // hours before the turn: nothing ahead
    const bytes = cache.bytes;
    await ask(cache, '1@d', 'v1', new Date(roundStarts - 60_000), build);
    await cache.settled();
    expect(build.turns).toBe(1); // turned in the background, for the instant of the turn
    expect(cache.bytes).toBe(bytes * 2);
    const after = await Promise.all(
      [1, 2].map(() => ask(cache, '1@d', 'v1', new Date(roundStarts + 1), build)),
    );
    expect([build.calls, build.turns]).toEqual([1, 1]);
    for (const answer of after) {
      expect(answer.until).toBe(late);
      expect(gunzipSync(answer.gzip!).toString()).toBe(JSON.stringify(listWith(moment)));
    }
    expect(cache.bytes).toBe(bytes);
    // Turned ahead for a version that then moved: never used, the new version is built.
    await ask(cache, '1@d', 'v1', new Date(late - 1000), build);
    await cache.settled();
    expect(build.turns).toBe(2);
    await ask(cache, '1@d', 'v2', new Date(late + 1), build);
    expect([build.calls, build.turns]).toEqual([2, 2]);
  });

  it('turns the kept lists near their clock turn ahead without a request (a start kept them, then quiet)', async () => {
    const cache = createDayListCache(undefined, 2 * 60_000, 10);
    try {
      // Real instants: the sweep reads the clock. One list turns in a minute, another in hours.
      const now = new Date();
      const soon = new Date(now.getTime() + ROUND_LEAD_MS + 60_000).toISOString();
      const later = new Date(now.getTime() + ROUND_LEAD_MS + 5 * 3_600_000).toISOString();
      const [near, far] = [counted(listWith(soon)), counted(listWith(later))];
      await ask(cache, '1@d', 'v1', now, near);
      await ask(cache, '2@d', 'v1', now, far);
      await new Promise((r) => setTimeout(r, 100));
      await cache.settled();
      expect([near.turns, far.turns]).toEqual([1, 0]);
      // The first request after the turn finds it made.
      const turnAt = Date.parse(soon) - ROUND_LEAD_MS;
      const after = await ask(cache, '1@d', 'v1', new Date(turnAt + 1), near);
      expect([near.calls, near.turns]).toEqual([1, 1]);
      expect(after.until).toBe(Date.parse(soon) + LATE_AFTER_MINUTES * 60_000);
    } finally {
      cache.close();
    }
  });

  it('turns once for requests that arrive together after a turn', async () => {
    const cache = createDayListCache();
    const build = counted(listWith(moment));
    await ask(cache, '1@d', 'v1', morning, build);
    const after = new Date(roundStarts + 1);
    await Promise.all([1, 2, 3].map(() => ask(cache, '1@d', 'v1', after, build)));
    expect([build.calls, build.turns]).toEqual([1, 1]);
  });

  it('turns the kept list back for an earlier instant than it was built for (a clock set back)', async () => {
    const cache = createDayListCache();
    const build = counted(listWith(moment));
    await ask(cache, '1@d', 'v1', at('2026-11-28T09:45:00Z'), build);
    const back = await ask(cache, '1@d', 'v1', morning, build);
    expect([build.calls, build.turns]).toEqual([1, 1]);
    expect(back.until).toBe(roundStarts);
  });

  it('patches the kept answer of another identity when the patch tells how, else builds', async () => {
    const cache = createDayListCache();
    const build = counted(listWith(moment));
    await ask(cache, '1@d', 'v1', morning, build);
    const seen: string[] = [];
    const patched = builtOf(listWith(moment, 'patched'), morning);
    const patch = (kept: string) => {
      seen.push(kept);
      return kept === 'v1' ? async () => patched : null;
    };
    const answer = await ask(cache, '1@d', 'v2', morning, build, patch);
    expect([build.calls, seen]).toEqual([1, ['v1']]);
    expect(gunzipSync(answer.gzip!).toString()).toBe(patched.json);
    // From v2 the patch declines: built.
    await ask(cache, '1@d', 'v3', morning, build, patch);
    expect([build.calls, seen]).toEqual([2, ['v1', 'v2']]);
    // A patch that finds it cannot after all (null): built.
    await ask(cache, '1@d', 'v4', morning, build, () => async () => null);
    expect(build.calls).toBe(3);
  });

  it('keeps a list without a clock turn ahead (a past day) until its version moves', async () => {
    const cache = createDayListCache();
    const build = counted(listWith(null));
    await ask(cache, '1@d', 'v1', morning, build);
    await ask(cache, '1@d', 'v1', at('2026-12-28T07:00:00Z'), build);
    expect(build.calls).toBe(1);
  });

  it('keeps no failed build: the next request builds again', async () => {
    const cache = createDayListCache();
    const failing = async (): Promise<BuiltList> => {
      throw new Error('database gone');
    };
    const never = (_json: string, now: Date) => builtOf(listWith(moment), now);
    await expect(cache.list('1@d', 'v1', morning, failing, never)).rejects.toThrow('database gone');
    const build = counted(listWith(moment));
    await ask(cache, '1@d', 'v1', morning, build);
    expect(build.calls).toBe(1);
  });

  it('keeps the answer gzipped: the JSON the build made, its clients and the turn of its ETag', async () => {
    const cache = createDayListCache();
    const list = listWith(moment);
    const build = counted(list);
    const first = await ask(cache, '1@d', 'v1', morning, build);
    const next = await ask(cache, '1@d', 'v1', morning, build);
    expect(next.json).toBeUndefined();
    expect(gunzipSync(next.gzip!).toString()).toBe(JSON.stringify(list));
    expect(first.json).toBe(JSON.stringify(list));
    expect(next.patientIds).toEqual(list.Moments.map((m) => m.PatientId));
    expect(next.until).toBe(roundStarts);
  });

  it('keeps one list per ward and day, within its bytes, the least recently used dropped', async () => {
    const probe = createDayListCache();
    await ask(probe, 'x', 'v', morning, counted(listWith(moment)));
    // Room for two wards' lists, not three.
    const cache = createDayListCache(Math.floor(probe.bytes * 2.5));
    const build = counted(listWith(moment));
    await ask(cache, '1@d', 'v1', morning, build);
    await ask(cache, '1@d', 'v2', morning, build);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(probe.bytes);
    await ask(cache, '2@d', 'v1', morning, build);
    await ask(cache, '1@d', 'v2', morning, build); // ward 1 used again: ward 2 is now the oldest
    await ask(cache, '3@d', 'v1', morning, build);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(probe.bytes * 2);
    const calls = build.calls;
    await ask(cache, '1@d', 'v2', morning, build);
    expect(build.calls).toBe(calls);
    await ask(cache, '2@d', 'v1', morning, build);
    expect(build.calls).toBe(calls + 1);
  });

  it('with 0 bytes keeps nothing: every request builds, nothing zipped (the bench of the build itself)', async () => {
    const cache = createDayListCache(0);
    const build = counted(listWith(moment));
    await ask(cache, '1@d', 'v1', morning, build);
    const again = await ask(cache, '1@d', 'v1', morning, build);
    expect(build.calls).toBe(2);
    expect(again.gzip).toBeUndefined();
  });
});
