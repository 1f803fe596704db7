import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consentSchema, type AdministrationList, type InformedConsentBodyInput } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';

/** POST /api/etdr/informedconsent: the client's (or representative's) signed consent. */
export const recordConsent = (body: InformedConsentBodyInput) =>
  api.post('/api/etdr/informedconsent', body, { schema: consentSchema });

/**
 * The patient's warnings go at once (cached lists), then the lists and the dashboard ("without
 * consent") are refreshed, and so are the patient's AMO queries (header, shown consent).
 */
export function useRecordConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordConsent,
    onSuccess: (consent) => {
      queryClient.setQueriesData<AdministrationList>({ queryKey: ['administration', 'list'] }, (list) =>
        list
          ? {
              ...list,
              Moments: list.Moments.map((moment) =>
                moment.PatientId === consent.PatientId ? { ...moment, ConsentMissing: false } : moment,
              ),
            }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: ['medication', 'patient', consent.PatientId] });
      void queryClient.invalidateQueries({ queryKey: ['medication', 'consent', consent.PatientId] });
      return queryClient.invalidateQueries({ queryKey: ['administration'] });
    },
  });
}
