import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * How many bytes of kept answers an instance holds (gzipped, a list is a fifteenth of its JSON: 2 KB for the
 * demo's ward of 45 moments): every ward of the national round (5,000) fits several times over.
 */
export const DAY_LIST_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * How long before its clock turn a kept list that a request found is turned in the background for that instant:
 * a tablet polls every 60 s, so every ward polled at all gets its turn ready before the instant comes.
 */
export const TURN_AHEAD_MS = 2 * 60_000;
/** How often the kept lists are looked over for a turn within TURN_AHEAD_MS: each then has 90 s for its turn. */
export const TURN_AHEAD_SWEEP_MS = TURN_AHEAD_MS / 4;
/** The pause after each turn ahead, as a multiple of that turn's time: 3 keeps them to a quarter of the thread. */
const AHEAD_PAUSE_FACTOR = 3;

/** A ward's Toedienlijst as its build answers it: the JSON, and what every request needs besides. */
export interface BuiltList {
  json: string;
  /** The clients shown, for the view's audit entry. */
  patientIds: readonly number[];
  /** The first clock turn after the build (ms; 0 when none comes): the ETag's end. */
  until: number;
}

/**
 * How to bring a kept answer of identity `kept` up to date without a build: a function of its JSON (null when it
 * cannot after all), or null when the change cannot be told from the identities.
 */
export type Patch = (kept: string) => ((json: string) => Promise<BuiltList | null>) | null;

/** What the cache hands a request: the kept answer gzipped, and its JSON when this request built it. */
export type DayListAnswer = Omit<BuiltList, 'json'> & { json?: string; gzip?: Buffer };

interface Entry {
  /** What the list was built from: the ward's name, the data version (with window and MayRegister), the day. */
  identity: string;
  kept: Promise<DayListAnswer & { gzip: Buffer }>;
  /** The instant it was built for: it holds from then (a clock set back, as tests do, builds again). */
  from: number;
  /** Until when the clock leaves it unchanged (ms; Infinity while building or when nothing turns any more). */
  until: number;
  /** What it holds in memory (0 while building), its answer turned ahead included. */
  bytes: number;
  /** The same answer turned for just after `until`, made in the background before that instant comes. */
  ahead?: Entry;
  /** Whether the turn ahead is queued or made. */
  turningAhead?: boolean;
  /** How the request that made it turns its answer (for its turn ahead, which may come without a request). */
  turn: (json: string, at: Date) => BuiltList;
}

/** A built answer as kept: gzipped, without its JSON. */
function zipped(fresh: BuiltList): DayListAnswer & { gzip: Buffer } {
  const { json, ...rest } = fresh;
  // In this thread: zlib's asynchronous gzip (a stream on the thread pool) costs 0.3–0.8 CPU-ms more per answer
  // than the compression itself (bench/clock-turn.ts), for a wait shorter than the JSON's own.
  return { ...rest, gzip: gzipSync(json) };
}

/** Bytes an entry holds beside its gzipped answer: its ids and the entry itself. */
const entryBytes = (answer: DayListAnswer & { gzip: Buffer }) =>
  answer.gzip.length + answer.patientIds.length * 8 + 256;

/**
 * The Toedienlijst a ward last built on this instance, shared by every request for the same version: the
 * tablets of a ward (and their first loads as a round starts) build it once per change instead of once each,
 * and requests that arrive while it is being built wait for that build. An entry holds while its identity
 * (the data version, which moves with every change the list shows: docs/architecture.md) is the request's,
 * and until the clock turns it: the same instant the list's ETag names, so a fresh load gets what a
 * revalidating tablet keeps. After that, the same identity still means the same data: the kept answer is
 * turned to the new instant (no database; kept-list.ts) and kept in its place. A new identity that tells which
 * part of the list changed (a few clients) patches the kept answer with that part. It keeps the answer gzipped,
 * as a tablet's browser takes it, so a whole country's wards fit in `maxBytes` and a kept answer costs no
 * compression; one entry per ward and day, the least recently used dropped beyond `maxBytes` (0: none kept,
 * every request builds and nothing is zipped).
 */
export function createDayListCache(
  maxBytes = DAY_LIST_CACHE_BYTES,
  turnAheadMs = TURN_AHEAD_MS,
  sweepEveryMs = 0,
) {
  if (maxBytes <= 0)
    return {
      list: (
        _slot: string,
        _identity: string,
        _now: Date,
        build: () => Promise<BuiltList>,
        _turn: (json: string, at: Date) => BuiltList,
        _patch?: Patch,
      ) => build() as Promise<DayListAnswer>,
      settled: () => Promise.resolve(),
      close: () => undefined,
      size: 0,
      bytes: 0,
    };
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const aheadQueue: (() => Promise<void>)[] = [];
  let turningAhead: Promise<void> | undefined;

  const drop = (slot: string) => {
    bytes -= entries.get(slot)?.bytes ?? 0;
    entries.delete(slot);
  };
  const keep = (slot: string, entry: Entry) => {
    const held = entries.get(slot);
    entries.delete(slot);
    entries.set(slot, entry);
    if (held !== entry) bytes -= held?.bytes ?? 0;
  };
  const trim = () => {
    for (const slot of entries.keys()) {
      if (bytes <= maxBytes) return;
      drop(slot);
    }
  };

  /** A new entry for `slot`, filled by `produce` and shared with every request that finds it while it holds. */
  async function start(
    slot: string,
    identity: string,
    now: Date,
    produce: () => Promise<BuiltList>,
    turn: (json: string, at: Date) => BuiltList,
  ): Promise<DayListAnswer> {
    let built: BuiltList | undefined;
    const entry: Entry = {
      identity,
      kept: produce().then((fresh) => {
        built = fresh;
        return zipped(fresh);
      }),
      from: now.getTime(),
      until: Infinity,
      bytes: 0,
      turn,
    };
    keep(slot, entry);
    try {
      const kept = await entry.kept;
      entry.until = kept.until || Infinity;
      if (entries.get(slot) === entry) {
        entry.bytes = entryBytes(kept);
        bytes += entry.bytes;
        trim();
      }
      return { ...kept, json: built!.json };
    } catch (error) {
      if (entries.get(slot) === entry) drop(slot);
      throw error;
    }
  }

  /** `use` on the JSON `held` keeps; `build` when that entry's build failed or `use` declines (null). */
  async function fromKept(
    held: Entry,
    use: (json: string) => BuiltList | null | Promise<BuiltList | null>,
    build: () => Promise<BuiltList>,
  ): Promise<BuiltList> {
    let json: string;
    try {
      json = gunzipSync((await held.kept).gzip).toString();
    } catch {
      return build();
    }
    return (await use(json)) ?? build();
  }

  /**
   * Queues `held`'s answer turned for the instant its clock turns it, made one at a time in the background,
   * paced between requests: when every ward of a country turns at the same instant (07:00), the polls after it find
   * their turned answer ready instead of all turning at once. Dropped when the entry is no longer the slot's.
   */
  function turnAhead(slot: string, held: Entry) {
    if (held.turningAhead || !Number.isFinite(held.until)) return;
    held.turningAhead = true;
    aheadQueue.push(async () => {
      if (entries.get(slot) !== held) return;
      const json = gunzipSync((await held.kept).gzip).toString();
      // A millisecond past the turn: what holds from there on, whichever side of its instant a rule counts.
      const from = held.until + 1;
      const turned = held.turn(json, new Date(from));
      const kept = zipped(turned);
      if (entries.get(slot) !== held) return;
      const ahead: Entry = {
        identity: held.identity,
        kept: Promise.resolve(kept),
        from,
        until: turned.until || Infinity,
        bytes: entryBytes(kept),
        turn: held.turn,
      };
      held.ahead = ahead;
      held.bytes += ahead.bytes;
      bytes += ahead.bytes;
      trim();
    });
    turningAhead ??= (async () => {
      // At most a quarter of the thread: after each turn a pause three times as long, so the requests of the
      // minutes before a country-wide turn keep their pace (a national round's wards all queue within 15 s).
      // A turn not made in time is made on demand, as is one that failed.
      for (let job = aheadQueue.shift(); job; job = aheadQueue.shift()) {
        const started = performance.now();
        await job().catch(() => undefined);
        const pause = AHEAD_PAUSE_FACTOR * (performance.now() - started);
        // Unreferenced: a queue never keeps a stopping process alive.
        await new Promise((r) => setTimeout(r, Math.max(1, pause)).unref());
      }
      turningAhead = undefined;
    })();
  }

  // Every `sweepEveryMs` (0: never), each kept list within `turnAheadMs` of its clock turn (or past it) is turned
  // ahead, asked for or not: an instance that kept every ward at its start (warm-up.ts) and got no request
  // before a turn would otherwise turn every ward on its first polls after it, as a round starts.
  const sweep =
    sweepEveryMs > 0
      ? setInterval(() => {
          const now = Date.now();
          for (const [slot, held] of entries) if (held.until - now <= turnAheadMs) turnAhead(slot, held);
        }, sweepEveryMs).unref()
      : undefined;

  return {
    /**
     * The list of `slot` (ward and day) from `identity` at `now`: kept; or turned by `turn` from the kept answer
     * of the same identity when the clock turned it (or was set back, as tests do), ready when it was turned
     * ahead; or patched by what `patch` gives for the kept answer's identity (when it can tell what changed);
     * else built by `build`. A kept answer found within `turnAheadMs` of its clock turn is turned ahead.
     */
    async list(
      slot: string,
      identity: string,
      now: Date,
      build: () => Promise<BuiltList>,
      turn: (json: string, at: Date) => BuiltList,
      patch: Patch = () => null,
    ): Promise<DayListAnswer> {
      const held = entries.get(slot);
      if (held && held.identity === identity) {
        const holds = (entry: Entry) => entry.from <= now.getTime() && now.getTime() < entry.until;
        if (holds(held)) {
          keep(slot, held);
          const kept = await held.kept;
          // A build that finished after this request's clock turned it (rare): turned below.
          if (holds(held)) {
            if (held.until - now.getTime() <= turnAheadMs) turnAhead(slot, held);
            return kept;
          }
        }
        const ahead = held.ahead;
        if (ahead && holds(ahead) && entries.get(slot) === held) {
          keep(slot, ahead);
          bytes += ahead.bytes;
          return ahead.kept;
        }
        return start(slot, identity, now, () => fromKept(held, (json) => turn(json, now), build), turn);
      }
      const patcher = held ? patch(held.identity) : null;
      if (held && patcher) return start(slot, identity, now, () => fromKept(held, patcher, build), turn);
      return start(slot, identity, now, build, turn);
    },
    /** Stops the sweep (the app closes). */
    close: () => clearInterval(sweep),
    /** Resolves once every queued turn ahead is made (for tests). */
    settled: async () => {
      while (turningAhead) await turningAhead;
    },
    /** How many wards are kept (for tests). */
    get size() {
      return entries.size;
    },
    /** How many bytes the kept wards hold (for tests). */
    get bytes() {
      return bytes;
    },
  };
}

export type DayListCache = ReturnType<typeof createDayListCache>;
