import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  entitySummaryListSchema,
  networkLinkSchema,
  networkSchema,
  type NetworkLinkCreate,
} from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { networkKeys } from './query-keys.ts';

/** GET /api/network: the own organisation, its locations and departments, and its links. */
export const useNetwork = () =>
  useQuery({
    queryKey: networkKeys.overview(),
    queryFn: ({ signal }) => api.get('/api/network', { schema: networkSchema, signal }),
  });

/** GET /api/network/organisations: organisations to propose a link to. */
export const useOrganisations = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: networkKeys.organisations(q),
    queryFn: ({ signal }) =>
      api.get('/api/network/organisations', {
        schema: entitySummaryListSchema,
        query: { q: q || undefined },
        signal,
      }),
    enabled,
  });

function useNetworkMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: networkKeys.all }),
  });
}

export const useCreateLink = () =>
  useNetworkMutation((body: NetworkLinkCreate) =>
    api.post('/api/network/links', body, { schema: networkLinkSchema }),
  );

export const useSetLinkActive = () =>
  useNetworkMutation(({ id, active }: { id: number; active: boolean }) =>
    api.put(`/api/network/links/${id}`, { Active: active }, { schema: networkLinkSchema }),
  );

export const useDeleteLink = () => useNetworkMutation((id: number) => api.delete(`/api/network/links/${id}`));
