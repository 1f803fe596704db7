import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type ProfileUpdate } from '@zorgportaal/contract';
import { api } from '../../../lib/api-client.ts';
import { profileQueryOptions } from './get-profile.ts';

/** PUT /api/account/profile: names, date of birth and e-mail addresses (with the step-up fields when these change). */
export const updateProfile = (update: ProfileUpdate) =>
  // A 401 is a wrong current password (an address change needs it), not an ended session.
  api.put('/api/account/profile', update, { schema: profileSchema, retryUnauthorized: false });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}
