import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '@zorgportaal/contract';
import { clearCachedLists, cachedListOf, saveCachedList } from './list-cache.ts';
import type { QueueEvent, QueueItem } from './queue-machine.ts';
import { flushQueue, recoverInterrupted } from './queue-sender.ts';
import { enqueue, putItem, queueOf, removeItem, withdrawUnsent } from './queue-store.ts';

// fake-indexeddb (test/setup.ts) stands in for the browser's IndexedDB; each test uses its own accounts.
let nextAccount = 1000;
const signIn = (accountId: number) => {
  sessionStorage.setItem(SESSION_KEYS.accessToken, 'token');
  sessionStorage.setItem(
    SESSION_KEYS.account,
    JSON.stringify({ Id: accountId, Username: 'u', Permissions: [] }),
  );
};

const add = (accountId: number, momentKey: string) =>
  enqueue({
    key: crypto.randomUUID(),
    accountId,
    method: 'POST',
    path: '/api/administration/registration',
    body: { momentKey },
    createdAt: Date.now(),
    meta: { momentKey },
  });

async function clearQueue(accountId: number) {
  for (const item of await queueOf(accountId)) await removeItem(item.seq!);
}

describe('the offline queue in IndexedDB and its sender', () => {
  let me: number;
  let other: number;
  beforeEach(() => {
    me = nextAccount++;
    other = nextAccount++;
    signIn(me);
  });
  afterEach(async () => {
    await clearQueue(me);
    await clearQueue(other);
    sessionStorage.clear();
  });

  it('keeps each account’s items apart, in tap order', async () => {
    await add(me, 'a');
    await add(other, 'x');
    await add(me, 'b');
    expect((await queueOf(me)).map((i) => i.meta.momentKey)).toEqual(['a', 'b']);
    expect((await queueOf(other)).map((i) => i.meta.momentKey)).toEqual(['x']);
  });

  it('sends in order with each item’s own key; acknowledged items leave, a conflict stays for the nurse', async () => {
    await add(me, 'a');
    await add(me, 'b');
    await add(me, 'c');
    const sent: QueueItem[] = [];
    const answers: Record<string, QueueEvent> = {
      a: { type: 'acknowledged' },
      b: { type: 'conflict', answer: { Code: 'CONFLICT' } },
      c: { type: 'acknowledged' },
    };
    const answered = await flushQueue(me, async (item) => {
      sent.push(item);
      return answers[item.meta.momentKey as string]!;
    });
    expect(answered).toBe(true);
    expect(sent.map((i) => i.meta.momentKey)).toEqual(['a', 'b', 'c']);
    expect(sent.every((i) => i.state === 'sending' && i.attempts === 1)).toBe(true);
    expect(new Set(sent.map((i) => i.key)).size).toBe(3);
    const left = await queueOf(me);
    expect(left.map((i) => [i.meta.momentKey, i.state])).toEqual([['b', 'conflict']]);
  });

  it('stops at a retryable failure so the order holds, and sends the same key again next time', async () => {
    await add(me, 'a');
    await add(me, 'b');
    const keys: string[] = [];
    await flushQueue(me, async (item) => (keys.push(item.key), { type: 'failed' }));
    expect(keys).toHaveLength(1);
    expect((await queueOf(me)).map((i) => i.state)).toEqual(['failed', 'queued']);
    await flushQueue(me, async (item) => (keys.push(item.key), { type: 'acknowledged' }));
    expect(keys[1]).toBe(keys[0]);
    expect(await queueOf(me)).toEqual([]);
  });

  it('"Niet verzenden": an item withdrawn while the run is under way is never sent nor stored again', async () => {
    await add(me, 'a');
    const b = await add(me, 'b');
    const sent: string[] = [];
    await flushQueue(me, async (item) => {
      sent.push(item.meta.momentKey as string);
      // The nurse withdraws b while a is on its way.
      if (item.meta.momentKey === 'a') expect(await withdrawUnsent(b.seq!)).toBe(true);
      return { type: 'acknowledged' };
    });
    expect(sent).toEqual(['a']);
    expect(await queueOf(me)).toEqual([]);
  });

  it('an item on its way cannot be withdrawn: its answer decides', async () => {
    const a = await add(me, 'a');
    let withdrawn: boolean | undefined;
    await flushQueue(me, async () => {
      withdrawn = await withdrawUnsent(a.seq!);
      return { type: 'conflict', answer: {} };
    });
    expect(withdrawn).toBe(false);
    expect((await queueOf(me)).map((i) => i.state)).toEqual(['conflict']);
    // Waiting for the nurse's choice is no longer "unsent" either: that choice has its own buttons.
    expect(await withdrawUnsent(a.seq!)).toBe(false);
  });

  it('never sends another account’s items, nor any without a session', async () => {
    await add(other, 'x');
    let calls = 0;
    const send = async () => (calls++, { type: 'acknowledged' } as const);
    expect(await flushQueue(other, send)).toBe(false);
    sessionStorage.removeItem(SESSION_KEYS.accessToken);
    await add(me, 'a');
    expect(await flushQueue(me, send)).toBe(false);
    expect(calls).toBe(0);
    expect(await queueOf(other)).toHaveLength(1);
  });

  it('puts an item a closed tab left "sending" back in the queue', async () => {
    const item = await add(me, 'a');
    await putItem({ ...item, state: 'sending', attempts: 1 });
    await recoverInterrupted(me);
    expect((await queueOf(me))[0]!.state).toBe('queued');
  });

  it('erases the cached lists at logout, the queue stays', async () => {
    await add(me, 'a');
    await saveCachedList({
      accountId: me,
      savedAt: 1,
      params: { departmentId: 1, date: '2026-01-01' },
      data: {},
    });
    expect(await cachedListOf(me)).toBeDefined();
    await clearCachedLists();
    expect(await cachedListOf(me)).toBeUndefined();
    expect(await queueOf(me)).toHaveLength(1);
  });
});
