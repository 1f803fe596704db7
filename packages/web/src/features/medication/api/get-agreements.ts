import { queryOptions, useQuery } from '@tanstack/react-query';
import { agreementListSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { amoKeys } from './query-keys.ts';

/** Ended and stopped agreements of the last 90 days count as "recently stopped". */
export const RECENT_DAYS = 90;

/** GET /api/medication/patient/{id}/agreements: active, future and recently ended or stopped. */
export const getAgreements = (patientId: number) =>
  api.get(`/api/medication/patient/${patientId}/agreements`, {
    schema: agreementListSchema,
    query: { stoppedDays: RECENT_DAYS },
  });

export const agreementsQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: amoKeys.agreements(patientId),
    queryFn: () => getAgreements(patientId),
  });

export const useAgreements = (patientId: number | null) =>
  useQuery({ ...agreementsQueryOptions(patientId ?? 0), enabled: patientId !== null });
