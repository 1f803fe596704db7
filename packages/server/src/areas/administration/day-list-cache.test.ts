import { type DayList, LATE_AFTER_MINUTES, type PlannedMoment } from '@zorgportaal/contract';
import { describe, expect, it } from 'vitest';
import { createDayListCache } from './day-list-cache.ts';
import { ROUND_LEAD_MS } from './day-progress.ts';

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
    Moments: [{ ScheduledAt: scheduledAt } as PlannedMoment],
  }) as DayList;

/** A build that counts its calls and answers `list` (after `delay` ms). */
function counted(list: DayList, delay = 0) {
  const build = async () => {
    build.calls += 1;
    if (delay) await new Promise((r) => setTimeout(r, delay));
    return list;
  };
  build.calls = 0;
  return build;
}

describe("the ward's built Toedienlijst, shared on an instance", () => {
  const morning = at('2026-11-28T07:00:00Z');
  const moment = '2026-11-28T10:00:00Z';
  const roundStarts = at(moment).getTime() - ROUND_LEAD_MS;
  const late = at(moment).getTime() + LATE_AFTER_MINUTES * 60_000;

  it('builds once for requests of the same version, also when they arrive together', async () => {
    const cache = createDayListCache();
    const build = counted(listWith(moment), 20);
    const lists = await Promise.all([1, 2, 3].map(() => cache.list('1@d', 'v1', morning, build)));
    expect(build.calls).toBe(1);
    expect(new Set(lists).size).toBe(1);
    await cache.list('1@d', 'v1', at('2026-11-28T08:00:00Z'), build);
    expect(build.calls).toBe(1);
  });

  it('builds again for a new version, and when the clock turned the list', async () => {
    const cache = createDayListCache();
    const build = counted(listWith(moment));
    await cache.list('1@d', 'v1', morning, build);
    await cache.list('1@d', 'v2', morning, build);
    expect(build.calls).toBe(2);
    // Just before each turn: still the kept list; once it passed: a new build.
    await cache.list('1@d', 'v2', new Date(roundStarts - 1), build);
    expect(build.calls).toBe(2);
    await cache.list('1@d', 'v2', new Date(roundStarts + 1), build);
    expect(build.calls).toBe(3);
    await cache.list('1@d', 'v2', new Date(late - 1), build);
    expect(build.calls).toBe(3);
    await cache.list('1@d', 'v2', new Date(late + 1), build);
    expect(build.calls).toBe(4);
  });

  it('builds again for an earlier instant than it was built for (a clock set back)', async () => {
    const cache = createDayListCache();
    const build = counted(listWith(moment));
    await cache.list('1@d', 'v1', morning, build);
    await cache.list('1@d', 'v1', new Date(morning.getTime() - 1), build);
    expect(build.calls).toBe(2);
  });

  it('keeps a list without a clock turn ahead (a past day) until its version moves', async () => {
    const cache = createDayListCache();
    const build = counted(listWith(null));
    await cache.list('1@d', 'v1', morning, build);
    await cache.list('1@d', 'v1', at('2026-12-28T07:00:00Z'), build);
    expect(build.calls).toBe(1);
  });

  it('keeps no failed build: the next request builds again', async () => {
    const cache = createDayListCache();
    const failing = async (): Promise<DayList> => {
      throw new Error('database gone');
    };
    await expect(cache.list('1@d', 'v1', morning, failing)).rejects.toThrow('database gone');
    const build = counted(listWith(moment));
    await cache.list('1@d', 'v1', morning, build);
    expect(build.calls).toBe(1);
  });

  it('keeps one list per ward and day, at most `wards` of them, the least recently used dropped', async () => {
    const cache = createDayListCache(2);
    const build = counted(listWith(moment));
    await cache.list('1@d', 'v1', morning, build);
    await cache.list('1@d', 'v2', morning, build);
    expect(cache.size).toBe(1);
    await cache.list('2@d', 'v1', morning, build);
    await cache.list('1@d', 'v2', morning, build); // ward 1 used again: ward 2 is now the oldest
    await cache.list('3@d', 'v1', morning, build);
    expect(cache.size).toBe(2);
    const calls = build.calls;
    await cache.list('1@d', 'v2', morning, build);
    expect(build.calls).toBe(calls);
    await cache.list('2@d', 'v1', morning, build);
    expect(build.calls).toBe(calls + 1);
  });

  it('with 0 wards keeps nothing: every request builds (the bench of the build itself)', async () => {
    const cache = createDayListCache(0);
    const build = counted(listWith(moment));
    await cache.list('1@d', 'v1', morning, build);
    await cache.list('1@d', 'v1', morning, build);
    expect(build.calls).toBe(2);
  });
});
