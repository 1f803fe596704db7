import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agreementSchema, type AgreementChangeBodyInput } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { amoKeys } from './query-keys.ts';

/** POST /api/medication/agreement/{id}/change: ends the old agreement and starts the new one. */
export const changeAgreement = ({ id, body }: { id: number; body: AgreementChangeBodyInput }) =>
  api.post(`/api/medication/agreement/${id}/change`, body, { schema: agreementSchema });

export function useChangeAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAgreement,
    onSuccess: (agreement) =>
      queryClient.invalidateQueries({ queryKey: amoKeys.agreements(agreement.PatientId) }),
  });
}
