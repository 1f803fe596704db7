import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntitySettings } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';

/** GET /api/management/settings: the caller's own organisation (spec §7); its fields give the entity type. */
export const getEntitySettings = () => api.get<EntitySettings>('/api/management/settings');

export const entitySettingsQueryOptions = () =>
  queryOptions({ queryKey: ['entity-settings'], queryFn: getEntitySettings });

export const useEntitySettings = () => useQuery(entitySettingsQueryOptions());
