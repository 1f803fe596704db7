import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { QueueItem } from './queue-machine.ts';

/** The last list a signed-in account fetched, kept to show it without a connection. */
export interface CachedList {
  accountId: number;
  savedAt: number;
  /** Which list (e.g. department and day) and the data the screen needs to show it. */
  params: Record<string, string | number>;
  data: unknown;
}

interface OfflineSchema extends DBSchema {
  queue: { key: number; value: QueueItem; indexes: { byAccount: number } };
  lists: { key: number; value: CachedList };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const DB_NAME = 'zorgportaal-offline';
let opened: Promise<OfflineDb> | null = null;

/** One connection per page. Two stores: the write queue (kept at logout) and the cached lists (erased). */
export function offlineDb(): Promise<OfflineDb> {
  opened ??= openDB<OfflineSchema>(DB_NAME, 1, {
    upgrade(db) {
      const queue = db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      queue.createIndex('byAccount', 'accountId');
      db.createObjectStore('lists', { keyPath: 'accountId' });
    },
    // Another tab upgrades: let it, and open again on the next use.
    blocking() {
      void opened?.then((db) => db.close());
      opened = null;
    },
  });
  return opened;
}
