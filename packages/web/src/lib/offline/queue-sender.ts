import { IDEMPOTENCY_KEY_HEADER } from '@zorgportaal/contract';
import { request } from '../api-client.ts';
import { ApiRequestError } from '../api-errors.ts';
import { getAccount, isLoggedIn } from '../session.ts';
import { eventOfAnswer, sendable, transition, type QueueEvent, type QueueItem } from './queue-machine.ts';
import { claimForSending, putItem, queueOf, removeItem } from './queue-store.ts';

/** One attempt of one item: the server's answer as a queue event. */
export type SendItem = (item: QueueItem) => Promise<QueueEvent>;

/** Sends with the item's own key, so a repeat (a lost answer, a second tab) is answered, not registered again. */
export const sendItem: SendItem = async (item) => {
  try {
    await request(item.path, {
      method: item.method,
      json: item.body,
      headers: { [IDEMPOTENCY_KEY_HEADER]: item.key },
    });
    return { type: 'acknowledged' };
  } catch (error) {
    if (error instanceof ApiRequestError) return eventOfAnswer(error.status, error.body);
    return eventOfAnswer(null, undefined);
  }
};

export interface SyncProgress {
  running: boolean;
  /** Items this run set out to send, and how many have had their answer. */
  total: number;
  done: number;
}

let progress: SyncProgress = { running: false, total: 0, done: 0 };
const progressListeners = new Set<() => void>();
function setProgress(next: SyncProgress): void {
  progress = next;
  progressListeners.forEach((listener) => listener());
}
export const getSyncProgress = (): SyncProgress => progress;
export function subscribeSyncProgress(listener: () => void): () => void {
  progressListeners.add(listener);
  return () => void progressListeners.delete(listener);
}

/** Only the account that made an item sends it, and only while it is the one signed in. */
const signedIn = (accountId: number) => isLoggedIn() && getAccount()?.Id === accountId;

let running: Promise<boolean> | null = null;

/**
 * Sends the account's waiting items one at a time in tap order. A retryable failure ends the run (the
 * order is kept; the next run starts there); a conflict or refusal waits for the nurse and the run goes
 * on. Resolves true when any item got an answer (the lists should be fetched again). One run at a time.
 */
export function flushQueue(accountId: number, send: SendItem = sendItem): Promise<boolean> {
  running ??= run(accountId, send).finally(() => {
    running = null;
  });
  return running;
}

async function run(accountId: number, send: SendItem): Promise<boolean> {
  const items = sendable(await queueOf(accountId));
  if (items.length === 0 || !signedIn(accountId)) return false;
  let answered = false;
  setProgress({ running: true, total: items.length, done: 0 });
  try {
    for (const [index, item] of items.entries()) {
      if (!signedIn(accountId)) break;
      // Claimed, not overwritten: an item the nurse chose not to send meanwhile stays away.
      const sending = await claimForSending(item.seq!);
      if (!sending) continue;
      const event = await send(sending);
      const next = transition(sending, event);
      if (next.state === 'acknowledged') await removeItem(next.seq!);
      else await putItem(next);
      if (event.type === 'failed') break;
      answered = true;
      setProgress({ running: true, total: items.length, done: index + 1 });
    }
  } finally {
    setProgress({ running: false, total: 0, done: 0 });
  }
  return answered;
}

/** Items left `sending` by a tab that closed mid-send go back to the queue (sent again, same key). */
export async function recoverInterrupted(accountId: number): Promise<void> {
  if (running) return;
  for (const item of await queueOf(accountId))
    if (item.state === 'sending') await putItem(transition(item, { type: 'recover' }));
}
