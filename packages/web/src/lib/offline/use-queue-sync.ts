import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { administrationKeys } from '../query-keys.ts';
import { getAccount, isLoggedIn } from '../session.ts';
import { retryDelay, sendable } from './queue-machine.ts';
import { queueOf } from './queue-store.ts';
import { flushQueue, getSyncProgress, recoverInterrupted, subscribeSyncProgress } from './queue-sender.ts';

const kicks = new Set<() => void>();

/** Asks the mounted sync to send now (an item was just queued while the server may be reachable). */
export const kickQueue = (): void => kicks.forEach((kick) => kick());

/**
 * Sends the signed-in account's queue automatically: at once, on the `online` event, when an item is
 * added, and on a retry timer that backs off while the server stays out of reach. Mounted once, in the
 * signed-in layout, so the queue drains on whatever screen the nurse is. Answers refresh every
 * administration view (the queue holds registrations only).
 */
export function useQueueSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = async (accountId: number) => {
      const left = sendable(await queueOf(accountId));
      if (stopped || left.length === 0) return;
      clearTimeout(timer);
      timer = setTimeout(() => void attempt(), retryDelay(Math.max(...left.map((item) => item.attempts))));
    };
    const attempt = async () => {
      const accountId = getAccount()?.Id;
      if (accountId === undefined || !isLoggedIn()) return;
      if (navigator.onLine !== false && (await flushQueue(accountId)))
        await queryClient.invalidateQueries({ queryKey: administrationKeys.all });
      await schedule(accountId);
    };
    const start = async () => {
      const accountId = getAccount()?.Id;
      if (accountId !== undefined) await recoverInterrupted(accountId);
      await attempt();
    };
    // A failure (no IndexedDB, a refused renewal) waits for the next trigger.
    void start().catch(() => undefined);
    const online = () => void attempt().catch(() => undefined);
    window.addEventListener('online', online);
    kicks.add(online);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', online);
      kicks.delete(online);
    };
  }, [queryClient]);
}

export const useSyncProgress = () => useSyncExternalStore(subscribeSyncProgress, getSyncProgress);
