import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  diagramListSchema,
  diagramSchema,
  type DiagramCreate,
  type DiagramUpdate,
} from '@zorgportaal/contract';
import { api } from '../api-client.ts';
import { diagramKeys } from '../query-keys.ts';

/** GET /api/diagrams: the organisation's saved diagrams, newest first, with owner and date. */
export const savedDiagramsQueryOptions = () =>
  queryOptions({
    queryKey: diagramKeys.list(),
    queryFn: ({ signal }) => api.get('/api/diagrams', { schema: diagramListSchema, signal }),
  });

export const useSavedDiagrams = () => useQuery(savedDiagramsQueryOptions());

/** POST /api/diagrams. */
export const createDiagram = (body: DiagramCreate) =>
  api.post('/api/diagrams', body, { schema: diagramSchema });

/** A change to the list refreshes it wherever it is shown (Diagrammen, the Toediendashboard). */
function useListMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: diagramKeys.all }),
  });
}

export const useCreateDiagram = () => useListMutation(createDiagram);

/** PUT /api/diagrams/{id}: a new title and/or definition (the owner or a Beheerder). */
export const useUpdateDiagram = () =>
  useListMutation(({ id, body }: { id: number; body: DiagramUpdate }) =>
    api.put(`/api/diagrams/${id}`, body, { schema: diagramSchema }),
  );

/** DELETE /api/diagrams/{id} (the owner or a Beheerder). */
export const useDeleteDiagram = () => useListMutation((id: number) => api.delete(`/api/diagrams/${id}`));
