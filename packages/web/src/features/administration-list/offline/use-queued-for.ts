import { removeItem } from '../../../lib/offline/queue-store.ts';
import { useQueue } from '../../../lib/offline/use-queue.ts';
import type { QueuedRegistration } from './queue-registration.ts';

/** The signed-in account's queued registrations of one moment, in tap order. */
export function useQueuedFor(momentKey: string): QueuedRegistration[] {
  return useQueue().filter(
    (item): item is QueuedRegistration => (item.meta as { momentKey?: string }).momentKey === momentKey,
  );
}

/** The nurse's choice on a conflict or refusal: the queued registration is dropped, never sent. */
export const dropQueued = (item: QueuedRegistration): Promise<void> => removeItem(item.seq!);
