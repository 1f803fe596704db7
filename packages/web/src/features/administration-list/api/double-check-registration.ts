import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registrationSchema, type AdministrationList } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { applyRegistration } from '../utils/moments.ts';
import { administrationListKeys } from './query-keys.ts';

/** POST /api/administration/registration/{id}/doublecheck: the caller is the second, different user. */
export const doubleCheckRegistration = (id: number) =>
  api.post(`/api/administration/registration/${id}/doublecheck`, {}, { schema: registrationSchema });

export function useDoubleCheckRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: doubleCheckRegistration,
    onSuccess: (registration) =>
      queryClient.setQueriesData<AdministrationList>({ queryKey: administrationListKeys.lists() }, (list) =>
        list ? applyRegistration(list, registration) : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: administrationListKeys.all }),
  });
}
