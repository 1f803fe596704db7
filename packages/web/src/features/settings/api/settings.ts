import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entitySettingsSchema, type EntitySettingsUpdate } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { settingsKeys } from './query-keys.ts';

/** GET /api/management/settings: the own organisation's settings. */
export const useEntitySettings = () =>
  useQuery({
    queryKey: settingsKeys.entity(),
    queryFn: ({ signal }) => api.get('/api/management/settings', { schema: entitySettingsSchema, signal }),
  });

/** PUT /api/management/settings/1 (spec §7: the id is always 1, the caller's own organisation). */
export function useSaveEntitySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EntitySettingsUpdate) =>
      api.put('/api/management/settings/1', body, { schema: entitySettingsSchema }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.entity(), settings),
  });
}
