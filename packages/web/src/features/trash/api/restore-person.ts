import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';

/** POST /api/trash/{personId}/restore: back in the persons list; the account stays inactive. */
export const restorePerson = (personId: number) =>
  api.post(`/api/trash/${personId}/restore`, undefined, { schema: personSchema });

export function useRestorePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restorePerson,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['trash'] });
      // The persons list (another feature) caches under ['persons']: it must show the person again.
      await queryClient.invalidateQueries({ queryKey: ['persons'] });
    },
  });
}
