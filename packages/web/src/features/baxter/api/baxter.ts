import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  baxterGenerateResultSchema,
  baxterImportResultSchema,
  baxterRollListSchema,
  type BaxterStatus,
  type BaxterImportBody,
} from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { departmentsQueryOptions } from '../../../lib/administration/get-departments.ts';
import { baxterKeys } from './query-keys.ts';

export interface RollQuery {
  week?: string;
  departmentId?: number;
  status?: BaxterStatus;
}

/** GET /api/baxter/rolls: the rolls of one week (and department); refreshed every minute. */
export const useRolls = (query: RollQuery) =>
  useQuery({
    queryKey: baxterKeys.rollList(query),
    queryFn: ({ signal }) =>
      api.get('/api/baxter/rolls', { schema: baxterRollListSchema, query: { ...query }, signal }),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

/** The departments to filter on: the shared list (a pharmacy sees those of the care centres it supplies). */
export const useBaxterDepartments = () => useQuery(departmentsQueryOptions());

function useRollMutation<V, R>(fn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: baxterKeys.rolls() }),
  });
}

export const useLayOut = () => useRollMutation((id: number) => api.post(`/api/baxter/roll/${id}/layout`));
export const useHandOver = () => useRollMutation((id: number) => api.post(`/api/baxter/roll/${id}/handover`));
export const useGenerateRolls = () =>
  useRollMutation((WeekStart: string) =>
    api.post('/api/baxter/rolls/generate', { WeekStart }, { schema: baxterGenerateResultSchema }),
  );
export const useImportRollFile = () =>
  useRollMutation((body: BaxterImportBody) =>
    api.post('/api/baxter/import', body, { schema: baxterImportResultSchema }),
  );
