import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  coumarinAgreementListSchema,
  type DosageSchemeBodyInput,
  dosageSchemeListSchema,
  dosageSchemeSchema,
  type InrValueBodyInput,
  inrValueListSchema,
  inrValueSchema,
  type TargetRangeBody,
  targetRangeSchema,
  trombosisDashboardSchema,
  trombosisPatientListSchema,
} from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { trombosisKeys } from './query-keys.ts';

/** The trombosis service's API: patients, INR values, target range, dosage schemes, dashboard. */

export const trombosisPatientsQuery = queryOptions({
  queryKey: trombosisKeys.patients(),
  queryFn: () => api.get('/api/trombosis/patients', { schema: trombosisPatientListSchema }),
});
export const useTrombosisPatients = () => useQuery(trombosisPatientsQuery);

export const useTrombosisDashboard = () =>
  useQuery({
    queryKey: trombosisKeys.dashboard(),
    queryFn: () => api.get('/api/trombosis/dashboard', { schema: trombosisDashboardSchema }),
    refetchInterval: 60_000,
  });

export const useInrValues = (patientId: number | null) =>
  useQuery({
    queryKey: trombosisKeys.inrValues(patientId),
    queryFn: () => api.get(`/api/trombosis/patient/${patientId}/inrvalues`, { schema: inrValueListSchema }),
    enabled: patientId !== null,
  });

export const useDosageSchemes = (patientId: number | null) =>
  useQuery({
    queryKey: trombosisKeys.schemes(patientId),
    queryFn: () =>
      api.get(`/api/trombosis/patient/${patientId}/dosageschemes`, { schema: dosageSchemeListSchema }),
    enabled: patientId !== null,
  });

export const useCoumarinAgreements = (patientId: number | null) =>
  useQuery({
    queryKey: trombosisKeys.coumarinAgreements(patientId),
    queryFn: () =>
      api.get(`/api/trombosis/patient/${patientId}/coumarinagreements`, {
        schema: coumarinAgreementListSchema,
      }),
    enabled: patientId !== null,
  });

/** After any change the patient's data, the overview and the dashboard are stale. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trombosisKeys.all });
}

export function useAddInrValue(patientId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: InrValueBodyInput) =>
      api.post(`/api/trombosis/patient/${patientId}/inrvalues`, body, { schema: inrValueSchema }),
    onSuccess: invalidate,
  });
}

export function useSetTargetRange(patientId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TargetRangeBody) =>
      api.put(`/api/trombosis/patient/${patientId}/targetrange`, body, { schema: targetRangeSchema }),
    onSuccess: invalidate,
  });
}

export function useAddDosageScheme(patientId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: DosageSchemeBodyInput) =>
      api.post(`/api/trombosis/patient/${patientId}/dosageschemes`, body, { schema: dosageSchemeSchema }),
    onSuccess: invalidate,
  });
}
