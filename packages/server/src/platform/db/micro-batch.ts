/**
 * Many requests' small statements as one: while a batch is in flight, the items asked meanwhile queue, and when
 * it settles everything queued goes in the next batch together (up to `maxSize`, counted by `sizeOf`; a single
 * item larger than that goes alone). An item is always run after it was asked, never answered by a batch that
 * started before, so a read holds every write committed before the ask. `run` answers the batch with a function
 * giving each item its own result (throwing rejects that item only); a failed `run` rejects every item of its
 * batch. The hot path's coalesced reads, the audit log's writes and the registrations' INSERT use it.
 * A lone item runs at once; with `gatherATurn` it waits one turn of the event loop (`setImmediate`) first, so the
 * items of requests already read from their sockets join it: on PGlite a request's statements answer in
 * microtasks, so each request runs from its body to its answer before the next one is read, and without the
 * turn every batch would hold one item.
 */
export function microBatch<I, O>(
  run: (items: readonly I[]) => Promise<(item: I) => O>,
  maxSize: number,
  sizeOf: (item: I) => number = () => 1,
  { gatherATurn = false }: { gatherATurn?: boolean } = {},
): (item: I) => Promise<O> {
  const queue: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  let inFlight = false;
  let gathering = false;

  /** `gathered`: the items queued meanwhile have had their turn (after `gatherATurn`'s, or a batch's run). */
  const next = (gathered = false) => {
    if (inFlight || gathering || queue.length === 0) return;
    if (gatherATurn && !gathered) {
      gathering = true;
      setImmediate(() => {
        gathering = false;
        next(true);
      });
      return;
    }
    const batch = [queue.shift()!];
    let size = sizeOf(batch[0]!.item);
    while (queue.length && size + sizeOf(queue[0]!.item) <= maxSize) {
      size += sizeOf(queue[0]!.item);
      batch.push(queue.shift()!);
    }
    inFlight = true;
    const settle = (answer: (ask: (typeof batch)[number]) => void) => {
      inFlight = false;
      for (const ask of batch) answer(ask);
      next(true);
    };
    run(batch.map((ask) => ask.item)).then(
      (resultOf) =>
        settle((ask) => {
          try {
            ask.resolve(resultOf(ask.item));
          } catch (error) {
            ask.reject(error);
          }
        }),
      (error: unknown) => settle((ask) => ask.reject(error)),
    );
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      next();
    });
}
