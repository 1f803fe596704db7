import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agreementSchema, type AgreementStopBody } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { amoKeys } from './query-keys.ts';

/** POST /api/medication/agreement/{id}/stop: stop type and reason are kept with the agreement. */
export const stopAgreement = ({ id, body }: { id: number; body: AgreementStopBody }) =>
  api.post(`/api/medication/agreement/${id}/stop`, body, { schema: agreementSchema });

export function useStopAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopAgreement,
    onSuccess: (agreement) =>
      queryClient.invalidateQueries({ queryKey: amoKeys.agreements(agreement.PatientId) }),
  });
}
