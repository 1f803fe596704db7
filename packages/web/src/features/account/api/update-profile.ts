import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type ProfileUpdate } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { profileQueryOptions } from './get-profile.ts';

/** PUT /api/account/profile: names, date of birth and e-mail addresses. */
export const updateProfile = (update: ProfileUpdate) =>
  api.put('/api/account/profile', update, { schema: profileSchema });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}
