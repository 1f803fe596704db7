import { queryOptions, useQuery } from '@tanstack/react-query';
import { consentSchema, type Consent } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { ApiRequestError } from '../../../lib/api-errors.ts';
import { amoKeys } from './query-keys.ts';

/**
 * GET /api/etdr/patient/{patientId}/consentsignature/{patientEntityId}: the latest signed consent,
 * or null when there is none (the server answers 404). The server logs the read.
 */
export async function getConsent(patientId: number, patientEntityId: number): Promise<Consent | null> {
  try {
    return await api.get(`/api/etdr/patient/${patientId}/consentsignature/${patientEntityId}`, {
      schema: consentSchema,
    });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export const consentQueryOptions = (patientId: number, patientEntityId: number) =>
  queryOptions({
    queryKey: amoKeys.consent(patientId, patientEntityId),
    queryFn: () => getConsent(patientId, patientEntityId),
  });

export const useConsent = (patientId: number, patientEntityId: number) =>
  useQuery(consentQueryOptions(patientId, patientEntityId));
