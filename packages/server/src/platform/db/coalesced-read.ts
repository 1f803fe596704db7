/**
 * One statement's reads by key, coalesced: while a read is in flight, the keys asked meanwhile wait and go in the
 * next read, together (up to `maxKeys`); a lone key is read at once. A key is always read after it was asked,
 * never answered by a read that started before, so its answer holds every write committed before the ask (a poll
 * after a registration sees it). A failed read rejects the keys of that read only. The reads of the hot path that
 * many requests make at once, each for its own key (every tablet's poll of its ward's version): one round trip and
 * one statement for all of them instead of one each.
 */
export function coalescedRead<K, V>(
  read: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
  maxKeys = 500,
): (key: K) => Promise<V> {
  const waiting: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];
  let inFlight = false;

  const next = () => {
    if (inFlight || waiting.length === 0) return;
    const batch = waiting.splice(0, maxKeys);
    inFlight = true;
    const settle = (answer: (ask: (typeof batch)[number]) => void) => {
      inFlight = false;
      for (const ask of batch) answer(ask);
      next();
    };
    read([...new Set(batch.map((ask) => ask.key))]).then(
      (found) =>
        settle((ask) =>
          found.has(ask.key)
            ? ask.resolve(found.get(ask.key)!)
            : ask.reject(new Error(`The read did not answer ${String(ask.key)}`)),
        ),
      (error: unknown) => settle((ask) => ask.reject(error)),
    );
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      next();
    });
}
