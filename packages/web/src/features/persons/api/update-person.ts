import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personSchema, type PersonBody } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { personsKeys } from './query-keys.ts';

/** PUT /api/person/{id}. */
export const updatePerson = ({ id, body }: { id: number; body: PersonBody }) =>
  api.put(`/api/person/${id}`, body, { schema: personSchema });

export function useUpdatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsKeys.all }),
  });
}
