import { describe, expect, it, vi } from 'vitest';
import type { AttemptStore } from './attempt-limiter.ts';
import { FallbackAttemptStore } from './fallback-attempt-store.ts';

/** A store that counts per key in memory, or fails every call while `down` is set. */
function memoryStore() {
  const hits = new Map<string, number>();
  const state = { down: false };
  const guard = () => {
    if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
  };
  const store: AttemptStore = {
    hit: async (key) => (guard(), hits.set(key, (hits.get(key) ?? 0) + 1).get(key)!),
    count: async (key) => (guard(), hits.get(key) ?? 0),
    reset: async (key) => void (guard(), hits.delete(key)),
    msUntilBelow: async () => (guard(), 0),
  };
  return { store, state, hits };
}

describe('FallbackAttemptStore', () => {
  it('counts in the fallback while the primary fails, and returns to the primary after', async () => {
    const redis = memoryStore();
    const database = memoryStore();
    const warn = vi.fn();
    const store = new FallbackAttemptStore(redis.store, database.store, { warn });
    expect(await store.hit('k', 1000)).toBe(1);
    redis.state.down = true;
    expect(await store.hit('k', 1000)).toBe(1); // counted in the database
    expect(await store.hit('k', 1000)).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1); // one warning per outage, not per call
    redis.state.down = false;
    expect(await store.count('k', 1000)).toBe(1);
    expect(database.hits.get('k')).toBe(2);
  });

  it('lets the error through when the fallback fails too (a database outage then becomes a 503)', async () => {
    const redis = memoryStore();
    const database = memoryStore();
    redis.state.down = database.state.down = true;
    const store = new FallbackAttemptStore(redis.store, database.store, { warn: () => {} });
    await expect(store.hit('k', 1000)).rejects.toThrow(/ECONNREFUSED/);
  });
});
