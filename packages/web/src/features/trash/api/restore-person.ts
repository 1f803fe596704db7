import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { trashKeys } from './query-keys.ts';
import { personKeys } from '../../../lib/query-keys.ts';

/** POST /api/trash/{personId}/restore: back in the persons list; the account stays inactive. */
export const restorePerson = (personId: number) =>
  api.post(`/api/trash/${personId}/restore`, undefined, { schema: personSchema });

export function useRestorePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restorePerson,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: trashKeys.all });
      // The persons list (another feature) must show the person again.
      await queryClient.invalidateQueries({ queryKey: personKeys.all });
    },
  });
}
