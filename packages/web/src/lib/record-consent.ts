import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consentSchema, type AdministrationList, type InformedConsentBodyInput } from '@zorgportaal/contract';
import { api } from './api-client.ts';
import { administrationKeys, medicationKeys, vpKeys } from './query-keys.ts';

/** POST /api/etdr/informedconsent: the client's (or representative's) signed consent. */
export const recordConsent = (body: InformedConsentBodyInput) =>
  api.post('/api/etdr/informedconsent', body, { schema: consentSchema });

/**
 * Stored from the toedienlijst or the AMO patient header (consent), or an AMO agreement (the prescriber's
 * authorised signature). The new consent shows at once: the AMO's
 * consent query gets the server's answer and the patient's warnings go from the cached lists; then
 * the administration views (warnings, dashboard "without consent") and the patient (ConsentStatus)
 * are refreshed.
 */
export function useRecordConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordConsent,
    onSuccess: (consent) => {
      if (consent.Kind === 'authorized') {
        // The prescriber signed an agreement: the AMO shows it signed, the VP dashboard counts one less.
        queryClient.setQueryData(
          medicationKeys.signature(consent.PatientId, consent.MedicationAgreementId!),
          consent,
        );
        return queryClient.invalidateQueries({ queryKey: vpKeys.all });
      }
      queryClient.setQueryData(medicationKeys.consent(consent.PatientId, consent.EntityId), consent);
      queryClient.setQueriesData<AdministrationList>({ queryKey: administrationKeys.lists() }, (list) =>
        list
          ? {
              ...list,
              Moments: list.Moments.map((moment) =>
                moment.PatientId === consent.PatientId ? { ...moment, ConsentMissing: false } : moment,
              ),
            }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: administrationKeys.all });
      return queryClient.invalidateQueries({ queryKey: medicationKeys.patient(consent.PatientId) });
    },
  });
}
