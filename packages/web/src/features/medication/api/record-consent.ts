import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consentSchema, type InformedConsentBodyInput } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';

/** POST /api/etdr/informedconsent: the client's (or representative's) signed consent. */
export const recordConsent = (body: InformedConsentBodyInput) =>
  api.post('/api/etdr/informedconsent', body, { schema: consentSchema });

/**
 * The AMO shows the new consent at once (its query gets the server's answer); the patient
 * (ConsentStatus) and the administration views (warnings, dashboard) are refreshed.
 */
export function useRecordConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordConsent,
    onSuccess: (consent) => {
      queryClient.setQueryData(['medication', 'consent', consent.PatientId, consent.EntityId], consent);
      void queryClient.invalidateQueries({ queryKey: ['administration'] });
      return queryClient.invalidateQueries({ queryKey: ['medication', 'patient', consent.PatientId] });
    },
  });
}
