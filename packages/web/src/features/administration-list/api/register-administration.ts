import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  registrationSchema,
  type AdministrationList,
  type RegistrationBodyInput,
} from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { applyRegistration } from '../utils/moments.ts';
import { administrationListKeys } from './query-keys.ts';

/** POST /api/administration/registration: a dose given, a deviation, or a correction (CorrectsId). */
export const registerAdministration = (body: RegistrationBodyInput) =>
  api.post('/api/administration/registration', body, { schema: registrationSchema });

/**
 * The card shows the registration at once (the server's answer goes into the cached lists);
 * then every administration view (list, dashboard, results, flowchart) is refreshed.
 */
export function useRegisterAdministration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerAdministration,
    onSuccess: (registration) =>
      queryClient.setQueriesData<AdministrationList>({ queryKey: administrationListKeys.lists() }, (list) =>
        list ? applyRegistration(list, registration) : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: administrationListKeys.all }),
  });
}
