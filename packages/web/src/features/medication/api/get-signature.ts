import { useQuery } from '@tanstack/react-query';
import { consentSchema, type Consent } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { ApiRequestError } from '../../../lib/api-errors.ts';
import { amoKeys } from './query-keys.ts';

/**
 * GET /api/etdr/patient/{patientId}/authorizedsignature/{agreementId}/{patientEntityId}: the prescriber's
 * latest authorised signature of the agreement, or null when it is not signed (404). The server logs the read.
 */
export async function getSignature(
  patientId: number,
  agreementId: number,
  patientEntityId: number,
): Promise<Consent | null> {
  try {
    return await api.get(
      `/api/etdr/patient/${patientId}/authorizedsignature/${agreementId}/${patientEntityId}`,
      { schema: consentSchema },
    );
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export const useSignature = (patientId: number, agreementId: number, patientEntityId: number) =>
  useQuery({
    queryKey: amoKeys.signature(patientId, agreementId),
    queryFn: () => getSignature(patientId, agreementId, patientEntityId),
  });
