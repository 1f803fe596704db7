import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { administrationListSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { administrationListKeys } from './query-keys.ts';

export interface AdministrationListParams {
  departmentId: number;
  date: string;
}

/** GET /api/administration/list: the toedienlijst of one department and day. */
export const getAdministrationList = ({ departmentId, date }: AdministrationListParams) =>
  api.get('/api/administration/list', { schema: administrationListSchema, query: { departmentId, date } });

export const administrationListQueryOptions = (params: AdministrationListParams) =>
  queryOptions({
    queryKey: administrationListKeys.list(params),
    queryFn: () => getAdministrationList(params),
    staleTime: 15_000,
  });

/** Refreshed every minute: doses become late, and colleagues on other tablets register too. */
export const useAdministrationList = (params: AdministrationListParams | null) =>
  useQuery({
    ...administrationListQueryOptions(params ?? { departmentId: 0, date: '' }),
    enabled: params !== null,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
