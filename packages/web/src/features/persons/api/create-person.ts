import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personSchema, type PersonBody } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { personsKeys } from './query-keys.ts';

/** POST /api/person. */
export const createPerson = (body: PersonBody) => api.post('/api/person', body, { schema: personSchema });

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsKeys.all }),
  });
}
