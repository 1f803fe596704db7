import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENTITY_SETTINGS_KEY, getEntitySettings } from './entity-settings-request.ts';

export { getEntitySettings } from './entity-settings-request.ts';

export const entitySettingsQueryOptions = () =>
  queryOptions({ queryKey: [...ENTITY_SETTINGS_KEY], queryFn: getEntitySettings });

export const useEntitySettings = () => useQuery(entitySettingsQueryOptions());
