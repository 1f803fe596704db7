import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { avatarQueryOptions } from './get-avatar.ts';

/** PUT /api/account/profile/avatar with the resized image as a data URL. */
export const uploadAvatar = (avatar: string) =>
  api.put<unknown>('/api/account/profile/avatar', { Avatar: avatar });

export function useUploadAvatar(personId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (_result, avatar) =>
      queryClient.setQueryData(avatarQueryOptions(personId).queryKey, { data: avatar }),
  });
}
