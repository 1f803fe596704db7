import { queryOptions, useQuery } from '@tanstack/react-query';
import { avatarResponseSchema } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

/** GET /api/person/avatar/{id}: spec §7, "the response data is used" (a data URL or null). */
export const getAvatar = (personId: number) =>
  api.get(`/api/person/avatar/${personId}`, { schema: avatarResponseSchema });

export const avatarQueryOptions = (personId: number) =>
  queryOptions({ queryKey: accountKeys.avatar(personId), queryFn: () => getAvatar(personId) });

export const useAvatar = (personId: number | undefined) =>
  useQuery({ ...avatarQueryOptions(personId ?? 0), enabled: personId !== undefined });
