import { describe, expect, it, vi } from 'vitest';
import type { AttemptStore } from './attempt-limiter.ts';
import { FallbackAttemptStore, PRIMARY_RETRY_MS } from './fallback-attempt-store.ts';

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
  it('counts in the fallback while the primary fails, and returns to the primary after a probe', async () => {
    const redis = memoryStore();
    const database = memoryStore();
    const warn = vi.fn();
    let now = 1_000_000;
    const store = new FallbackAttemptStore(redis.store, database.store, { warn }, () => now);
    expect(await store.hit('k', 1000)).toBe(1);
    redis.state.down = true;
    expect(await store.hit('k', 1000)).toBe(1); // counted in the database
    expect(await store.hit('k', 1000)).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1); // one warning per outage, not per call
    redis.state.down = false;
    // Until the retry time the database keeps counting; then a background probe finds Redis back.
    expect(await store.count('k', 1000)).toBe(2);
    now += PRIMARY_RETRY_MS;
    expect(await store.count('k', 1000)).toBe(2); // this call starts the probe, answered by the database
    await vi.waitFor(() => expect(store.primaryDown).toBe(false));
    expect(await store.count('k', 1000)).toBe(1);
    expect(database.hits.get('k')).toBe(2);
  });

  it('asks a hanging primary once per outage, not once per call', async () => {
    const database = memoryStore();
    const calls = vi.fn();
    let giveUp: (err: Error) => void = () => {};
    // Every call hangs until the "command timeout" below rejects the first one.
    const hanging: AttemptStore = {
      hit: () => (calls(), new Promise((_, reject) => (giveUp = reject))),
      count: () => (calls(), new Promise((_, reject) => (giveUp = reject))),
      reset: () => (calls(), new Promise((_, reject) => (giveUp = reject))),
      msUntilBelow: () => (calls(), new Promise((_, reject) => (giveUp = reject))),
    };
    const store = new FallbackAttemptStore(hanging, database.store, { warn: () => {} }, () => 0);
    const first = store.hit('k', 1000);
    giveUp(new Error('Command timed out'));
    expect(await first).toBe(1);
    for (let i = 0; i < 10; i++) await store.hit('k', 1000);
    expect(await store.count('k', 1000)).toBe(11);
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('lets the error through when the fallback fails too (a database outage then becomes a 503)', async () => {
    const redis = memoryStore();
    const database = memoryStore();
    redis.state.down = database.state.down = true;
    const store = new FallbackAttemptStore(redis.store, database.store, { warn: () => {} });
    await expect(store.hit('k', 1000)).rejects.toThrow(/ECONNREFUSED/);
  });
});
