import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  systemClientCreatedSchema,
  systemClientListSchema,
  systemClientSchema,
  type SystemClientBody,
} from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { settingsKeys } from './query-keys.ts';

const BASE = '/api/management/settings/systemclients';

/** GET …/systemclients: the own organisation's system clients (FHIR client credentials). */
export const useSystemClients = () =>
  useQuery({
    queryKey: settingsKeys.systemClients(),
    queryFn: ({ signal }) => api.get(BASE, { schema: systemClientListSchema, signal }),
  });

function useRefreshing<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.systemClients() }),
  });
}

/** POST …/systemclients: the answer carries the secret, the only time it is ever sent. */
export const useCreateSystemClient = () =>
  useRefreshing((body: SystemClientBody) => api.post(BASE, body, { schema: systemClientCreatedSchema }));

/** POST …/systemclients/{id}/revoke: its tokens stop at once. */
export const useRevokeSystemClient = () =>
  useRefreshing((id: number) => api.post(`${BASE}/${id}/revoke`, undefined, { schema: systemClientSchema }));
