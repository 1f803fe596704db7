import { useQuery } from '@tanstack/react-query';
import { type CoumarinMismatch, coumarinMismatchResponseSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { ApiRequestError } from '../../../lib/api-errors.ts';
import { amoKeys } from './query-keys.ts';

/**
 * GET /api/trombosis/patient/{patientId}/coumarinmismatch: whether the trombosis service's dosage scheme
 * and the client's coumarin agreements disagree (the server's rule). Null when they agree, and when the
 * caller has no trombosis view of this client (403/404): the AMO then simply shows no flag.
 */
export async function getCoumarinMismatch(patientId: number): Promise<CoumarinMismatch | null> {
  try {
    const res = await api.get(`/api/trombosis/patient/${patientId}/coumarinmismatch`, {
      schema: coumarinMismatchResponseSchema,
    });
    return res.Mismatch;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}

export const useCoumarinMismatch = (patientId: number | null) =>
  useQuery({
    queryKey: amoKeys.coumarinMismatch(patientId ?? 0),
    queryFn: () => getCoumarinMismatch(patientId!),
    enabled: patientId !== null,
  });
