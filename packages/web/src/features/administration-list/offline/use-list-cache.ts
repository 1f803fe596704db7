import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdministrationList, DepartmentOption } from '@zorgportaal/contract';

type DepartmentList = { Rows: DepartmentOption[] };
import { administrationKeys } from '../../../lib/query-keys.ts';
import { getAccount } from '../../../lib/session.ts';
import { cachedListOf, saveCachedList } from '../../../lib/offline/list-cache.ts';
import { useNetworkState } from '../../../lib/network-state.ts';
import { administrationListKeys } from '../api/query-keys.ts';
import type { AdministrationListParams } from '../api/get-administration-list.ts';

interface CachedWardList {
  departments: DepartmentList;
  list: AdministrationList;
}

/**
 * The Toedienlijst survives a drop: the last list fetched (department and day, with the departments)
 * is kept in IndexedDB for the signed-in account, and put back into the query cache when the page has
 * no data and no connection (a reload in a dead spot). The logout erases it (lib/offline/list-cache.ts).
 */
export function useListCache(
  params: AdministrationListParams | null,
  list: { data?: AdministrationList; dataUpdatedAt: number; isPlaceholderData: boolean },
  departments: DepartmentList | undefined,
): void {
  const queryClient = useQueryClient();
  const { offline } = useNetworkState();
  const restoredAt = useRef(0);

  // Keep what the server answered (not what was put back from the cache).
  useEffect(() => {
    const account = getAccount();
    if (!account || !params || !list.data || !departments || list.isPlaceholderData) return;
    if (list.dataUpdatedAt === restoredAt.current) return;
    const data: CachedWardList = { departments, list: list.data };
    void saveCachedList({
      accountId: account.Id,
      savedAt: list.dataUpdatedAt,
      params: { ...params },
      data,
    }).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saved per answer, not per params object
  }, [list.data, list.dataUpdatedAt, departments]);

  // Offline without data: the cached list comes back, dated as it was fetched.
  const missing = !departments || (params !== null && !list.data);
  useEffect(() => {
    const account = getAccount();
    if (!offline || !missing || !account) return;
    void cachedListOf(account.Id).then(
      (cached) => {
        if (!cached || cached.accountId !== account.Id) return;
        const { departments: rows, list: day } = cached.data as CachedWardList;
        const updatedAt = cached.savedAt;
        restoredAt.current = updatedAt;
        if (!queryClient.getQueryData(administrationKeys.departments()))
          queryClient.setQueryData(administrationKeys.departments(), rows, { updatedAt });
        const key = administrationListKeys.list({ departmentId: day.DepartmentId, date: day.Date });
        if (!queryClient.getQueryData(key)) queryClient.setQueryData(key, day, { updatedAt });
      },
      () => undefined,
    );
  }, [offline, missing, queryClient]);
}
