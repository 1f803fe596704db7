import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { personsKeys } from './query-keys.ts';

/** DELETE /api/person/{id}: to the trash can; the account is deactivated and its sessions revoked. */
export const deletePerson = (id: number) => api.delete(`/api/person/${id}`, { schema: personSchema });

export function useDeletePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsKeys.all }),
  });
}
