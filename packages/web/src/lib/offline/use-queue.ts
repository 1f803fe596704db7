import { useEffect, useSyncExternalStore } from 'react';
import { getAccount } from '../session.ts';
import { isWaiting, needsChoice, type QueueItem } from './queue-machine.ts';
import { queueOf, subscribeQueue } from './queue-store.ts';

/**
 * The signed-in account's queue, read once per change and shared by every card (one IndexedDB read,
 * not one per card). Another account's items are never loaded.
 */
let snapshot: readonly QueueItem[] = [];
let loadedFor: number | null = null;
const listeners = new Set<() => void>();
let users = 0;
let stopWatching: (() => void) | null = null;

async function reload(): Promise<void> {
  const accountId = getAccount()?.Id ?? null;
  const items = accountId === null ? [] : await queueOf(accountId);
  loadedFor = accountId;
  snapshot = items;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The account's snapshot; empty while another account's would still be shown. */
const current = (): readonly QueueItem[] => (loadedFor === (getAccount()?.Id ?? null) ? snapshot : EMPTY);
const EMPTY: readonly QueueItem[] = [];

export function useQueue(): readonly QueueItem[] {
  useEffect(() => {
    users += 1;
    if (users === 1) {
      // Without IndexedDB (a locked-down browser) the queue is simply empty.
      stopWatching = subscribeQueue(() => void reload().catch(() => undefined));
      void reload().catch(() => undefined);
    }
    return () => {
      users -= 1;
      if (users === 0) stopWatching?.();
    };
  }, []);
  return useSyncExternalStore(subscribe, current);
}

export interface QueueCounts {
  /** Not sent yet (queued, being sent, or to be tried again). */
  waiting: number;
  /** Answered with a conflict or refusal: the nurse chooses. */
  choices: number;
}

export function useQueueCounts(): QueueCounts {
  const items = useQueue();
  return { waiting: items.filter(isWaiting).length, choices: items.filter(needsChoice).length };
}
