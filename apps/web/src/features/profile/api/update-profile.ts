import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse, UpdateProfileBody } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { storeAnswer } from '../../../lib/store-answer';

export const updateProfile = (body: UpdateProfileBody) => api.put<ProfileResponse>('/me/profile', body);

/** Saves the profile; the header's name and the session follow. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      storeAnswer(client, ['me', 'profile'], profile);
      return client.invalidateQueries({ queryKey: ['me'], exact: true });
    },
  });
}
