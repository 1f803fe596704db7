import type { DayList } from '@zorgportaal/contract';
import { clockTurns, validUntil } from './list-etag.ts';

/** Wards whose last built list an instance keeps (a list of 60 clients is about 0.2 MB as objects). */
export const DAY_LIST_CACHE_WARDS = 500;

interface Entry {
  /** What the list was built from: the ward's name, the data version (with window and MayRegister), the day. */
  identity: string;
  list: Promise<DayList>;
  /** The instant it was built for: it holds from then (a clock set back, as tests do, builds again). */
  from: number;
  /** Until when the clock leaves it unchanged (ms; Infinity while building or when nothing turns any more). */
  until: number;
}

/**
 * The Toedienlijst a ward last built on this instance, shared by every request for the same version: the
 * tablets of a ward (and their first loads as a round starts) build it once per change instead of once each,
 * and requests that arrive while it is being built wait for that build. An entry holds while its identity
 * (the data version, which moves with every change the list shows: docs/architecture.md) is the request's,
 * and until the clock turns it: the same instant the list's ETag names, so a fresh load gets what a
 * revalidating tablet keeps. One entry per ward and day, the least recently used dropped beyond `wards`
 * (0: none kept, every request builds).
 */
export function createDayListCache(wards = DAY_LIST_CACHE_WARDS) {
  if (wards <= 0)
    return {
      list: (_slot: string, _identity: string, _now: Date, build: () => Promise<DayList>) => build(),
      size: 0,
    };
  const entries = new Map<string, Entry>();

  const keep = (slot: string, entry: Entry) => {
    entries.delete(slot);
    entries.set(slot, entry);
    if (entries.size > wards) entries.delete(entries.keys().next().value!);
  };

  return {
    /** The list of `slot` (ward and day) built from `identity` at `now`, built by `build` when not kept. */
    async list(slot: string, identity: string, now: Date, build: () => Promise<DayList>): Promise<DayList> {
      const kept = entries.get(slot);
      const holds = (entry: Entry) => entry.from <= now.getTime() && now.getTime() < entry.until;
      if (kept && kept.identity === identity && holds(kept)) {
        keep(slot, kept);
        const list = await kept.list;
        // A build that finished after this request's clock turned it (rare): this request builds its own.
        if (holds(kept)) return list;
      }
      const entry: Entry = { identity, list: build(), from: now.getTime(), until: Infinity };
      keep(slot, entry);
      try {
        const list = await entry.list;
        entry.until = validUntil(clockTurns(list.Moments), now) || Infinity;
        return list;
      } catch (error) {
        if (entries.get(slot) === entry) entries.delete(slot);
        throw error;
      }
    },
    /** How many wards are kept (for tests). */
    get size() {
      return entries.size;
    },
  };
}
