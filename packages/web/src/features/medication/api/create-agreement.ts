import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agreementSchema, type AgreementCreateBodyInput } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { amoKeys } from './query-keys.ts';

/** POST /api/medication/agreement: start a medication agreement. */
export const createAgreement = (body: AgreementCreateBodyInput) =>
  api.post('/api/medication/agreement', body, { schema: agreementSchema });

export function useCreateAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgreement,
    onSuccess: (agreement) =>
      queryClient.invalidateQueries({ queryKey: amoKeys.agreements(agreement.PatientId) }),
  });
}
