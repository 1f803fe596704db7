import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  medicationReviewSchema,
  patientListSchema,
  reviewDueListSchema,
  vpDashboardSchema,
  vpHistorySchema,
  type MedicationReviewBody,
} from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { vpKeys } from '../../../lib/query-keys.ts';

const VP_KEY = vpKeys.all;

export const useVpDashboard = () =>
  useQuery({
    queryKey: [...VP_KEY, 'dashboard'],
    queryFn: () => api.get('/api/vp/dashboard', { schema: vpDashboardSchema }),
    refetchInterval: 60_000,
  });

export const useVpHistory = (patientId: number | null) =>
  useQuery({
    queryKey: [...VP_KEY, 'history', patientId],
    queryFn: () => api.get(`/api/vp/history/${patientId}`, { schema: vpHistorySchema }),
    enabled: patientId !== null,
  });

export const useReviewsDue = () =>
  useQuery({
    queryKey: [...VP_KEY, 'due'],
    queryFn: () => api.get('/api/vp/reviews/due', { schema: reviewDueListSchema }),
  });

/** The prescriber's clients for the picker (the same scope the server checks). */
export const useVpPatients = () =>
  useQuery({
    queryKey: [...VP_KEY, 'patients'],
    queryFn: () => api.get('/api/patients', { query: { limit: 200 }, schema: patientListSchema }),
    staleTime: 5 * 60_000,
  });

export function useRecordReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MedicationReviewBody) =>
      api.post('/api/vp/reviews', body, { schema: medicationReviewSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: VP_KEY }),
  });
}
