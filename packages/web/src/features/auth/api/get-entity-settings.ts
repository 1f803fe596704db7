import { queryOptions, useQuery } from '@tanstack/react-query';
import { getEntitySettings } from './entity-settings-request.ts';
import { authKeys } from './query-keys.ts';

export { getEntitySettings } from './entity-settings-request.ts';

export const entitySettingsQueryOptions = () =>
  queryOptions({ queryKey: authKeys.entitySettings(), queryFn: getEntitySettings });

export const useEntitySettings = () => useQuery(entitySettingsQueryOptions());
