import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';

/** A server whose answer changes with a write; each fetch reads it when it is answered, not when it left. */
function fakeServer() {
  let stored = 'before';
  const pending: Array<() => void> = [];
  return {
    write: (value: string) => (stored = value),
    fetch: (signal: AbortSignal) => {
      const sentAt = stored;
      return new Promise<string>((resolve, reject) => {
        pending.push(() => resolve(sentAt));
        signal.addEventListener('abort', () => reject(new Error('aborted')));
      });
    },
    answerAll: () => pending.splice(0).forEach((answer) => answer()),
  };
}

/** Keys as a feature's query-keys.ts spells them. */
const keys = { all: ['things'] as const, search: (q: string) => ['things', 'list', { q }] as const };

const settle = () => new Promise((done) => setTimeout(done, 0));

/** The app's client with one search observed, its first fetch in flight (no data yet). */
async function searchInFlight() {
  const client = createQueryClient();
  const server = fakeServer();
  const observer = new QueryObserver(client, {
    queryKey: keys.search('Jansen'),
    queryFn: ({ signal }) => server.fetch(signal),
  });
  const unsubscribe = observer.subscribe(() => {});
  await settle();
  const shown = () => observer.getCurrentResult().data;
  const stop = () => {
    unsubscribe();
    client.clear();
  };
  return { client, server, shown, stop };
}

describe('createQueryClient: invalidating after a write', () => {
  it('refetches a first fetch that left before the write instead of taking its answer', async () => {
    const { client, server, shown, stop } = await searchInFlight();
    server.write('after'); // "Terugzetten" is stored
    const invalidated = client.invalidateQueries({ queryKey: keys.all });
    await settle();
    server.answerAll();
    await invalidated;
    expect(shown()).toBe('after');
    stop();
  });

  it("leaves an in-flight fetch alone when no refetch follows (refetchType 'none')", async () => {
    const { client, server, shown, stop } = await searchInFlight();
    await client.invalidateQueries({ queryKey: keys.all, refetchType: 'none' });
    server.answerAll();
    await settle();
    expect(shown()).toBe('before');
    stop();
  });
});
