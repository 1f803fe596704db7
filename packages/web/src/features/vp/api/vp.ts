import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  medicationReviewSchema,
  reviewDueListSchema,
  vpDashboardSchema,
  vpHistorySchema,
  type MedicationReviewBody,
} from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { prescriberKeys } from './query-keys.ts';

export const useVpDashboard = () =>
  useQuery({
    queryKey: prescriberKeys.dashboard(),
    queryFn: () => api.get('/api/vp/dashboard', { schema: vpDashboardSchema }),
    refetchInterval: 60_000,
  });

export const useVpHistory = (patientId: number | null) =>
  useQuery({
    queryKey: prescriberKeys.history(patientId),
    queryFn: () => api.get(`/api/vp/history/${patientId}`, { schema: vpHistorySchema }),
    enabled: patientId !== null,
  });

export const useReviewsDue = () =>
  useQuery({
    queryKey: prescriberKeys.reviewsDue(),
    queryFn: () => api.get('/api/vp/reviews/due', { schema: reviewDueListSchema }),
  });

export function useRecordReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MedicationReviewBody) =>
      api.post('/api/vp/reviews', body, { schema: medicationReviewSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: prescriberKeys.all }),
  });
}
