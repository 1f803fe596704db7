import { microBatch } from './micro-batch.ts';

/**
 * One statement's reads by key, coalesced (a `microBatch` of keys): the keys asked while a read is in flight go
 * in the next read together, each distinct key once (up to `maxKeys` asks); a lone key is read at once, and a
 * key is never answered by a read that started before it was asked, so its answer holds every write committed
 * before the ask (a poll after a registration sees it). The reads of the hot path that many requests make at
 * once, each for its own key (every tablet's poll of its ward's version): one round trip for all of them.
 */
export function coalescedRead<K, V>(
  read: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
  maxKeys = 500,
): (key: K) => Promise<V> {
  return microBatch<K, V>(async (keys) => {
    const found = await read([...new Set(keys)]);
    return (key) => {
      if (!found.has(key)) throw new Error(`The read did not answer ${String(key)}`);
      return found.get(key)!;
    };
  }, maxKeys);
}
