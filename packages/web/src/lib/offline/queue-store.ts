import { offlineDb } from './offline-db.ts';
import { sendable, transition, type QueueItem } from './queue-machine.ts';

/**
 * The durable queue in IndexedDB: survives a reload and a closed tab. Listeners hear every change, in
 * this tab directly and in the other tabs of the portal through a BroadcastChannel.
 */
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('zorgportaal-queue');
if (channel) channel.onmessage = () => listeners.forEach((listener) => listener());

function changed(): void {
  listeners.forEach((listener) => listener());
  channel?.postMessage('changed');
}

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export type NewQueueItem<Body> = Omit<QueueItem<Body>, 'seq' | 'state' | 'attempts'>;

/** Adds a write to the end of the queue; its tap order is its key's order. */
export async function enqueue<Body>(item: NewQueueItem<Body>): Promise<QueueItem<Body>> {
  const db = await offlineDb();
  const stored: QueueItem<Body> = { ...item, state: 'queued', attempts: 0 };
  stored.seq = await db.add('queue', stored as QueueItem);
  changed();
  return stored;
}

/** One account's items in tap order. Another account's are never read for it. */
export async function queueOf(accountId: number): Promise<QueueItem[]> {
  const db = await offlineDb();
  const items = await db.getAllFromIndex('queue', 'byAccount', accountId);
  return items.sort((a, b) => a.seq! - b.seq!);
}

export async function putItem(item: QueueItem): Promise<void> {
  await (await offlineDb()).put('queue', item);
  changed();
}

export async function removeItem(seq: number): Promise<void> {
  await (await offlineDb()).delete('queue', seq);
  changed();
}

/**
 * Marks an item as being sent, in one transaction with reading it: only when it is still stored and
 * waiting. An item the nurse withdrew meanwhile (withdrawUnsent) is not sent, and not stored again.
 */
export async function claimForSending(seq: number): Promise<QueueItem | null> {
  const tx = (await offlineDb()).transaction('queue', 'readwrite');
  const current = await tx.store.get(seq);
  const claimed = current && sendable([current]).length === 1 ? transition(current, { type: 'send' }) : null;
  if (claimed) await tx.store.put(claimed);
  await tx.done;
  if (claimed) changed();
  return claimed;
}

/**
 * "Niet verzenden": removes an item that has not gone out, in one transaction with reading its state.
 * False when it is being sent right now (its answer decides) or is gone already.
 */
export async function withdrawUnsent(seq: number): Promise<boolean> {
  const tx = (await offlineDb()).transaction('queue', 'readwrite');
  const current = await tx.store.get(seq);
  const withdrawn = current !== undefined && sendable([current]).length === 1;
  if (withdrawn) await tx.store.delete(seq);
  await tx.done;
  if (withdrawn) changed();
  return withdrawn;
}
