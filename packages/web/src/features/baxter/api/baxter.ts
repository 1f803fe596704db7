import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  baxterGenerateResultSchema,
  baxterImportResultSchema,
  baxterRollListSchema,
  departmentListSchema,
  type BaxterStatus,
  type BaxterImportBody,
} from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';

export interface RollQuery {
  week?: string;
  departmentId?: number;
  status?: BaxterStatus;
}

/** GET /api/baxter/rolls: the rolls of one week (and department); refreshed every minute. */
export const useRolls = (query: RollQuery) =>
  useQuery({
    queryKey: ['baxter', 'rolls', query],
    queryFn: ({ signal }) =>
      api.get('/api/baxter/rolls', { schema: baxterRollListSchema, query: { ...query }, signal }),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

export const useBaxterDepartments = () =>
  useQuery({
    queryKey: ['baxter', 'departments'],
    queryFn: () => api.get('/api/medication/departments', { schema: departmentListSchema }),
    staleTime: 300_000,
  });

function useRollMutation<V, R>(fn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['baxter', 'rolls'] }),
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
