import { offlineDb, type CachedList } from './offline-db.ts';

/** Keeps an account's last fetched list (one per account: the one on screen). */
export async function saveCachedList(entry: CachedList): Promise<void> {
  await (await offlineDb()).put('lists', entry);
}

export async function cachedListOf(accountId: number): Promise<CachedList | undefined> {
  return (await offlineDb()).get('lists', accountId);
}

/** At logout every cached list goes: it is patient data, and the next user of the tablet may be anyone. */
export async function clearCachedLists(): Promise<void> {
  await (await offlineDb()).clear('lists');
}
