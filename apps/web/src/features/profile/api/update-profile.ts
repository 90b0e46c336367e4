import type { UpdateProfileRequest } from '@closetly/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryKey } from './get-profile';

/** PUT /api/profile with the full profile; then the profile is loaded again (spec §4: save reloads). */
export function useUpdateProfile(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api.updateProfile(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQueryKey(uid), saved);
      return queryClient.invalidateQueries({ queryKey: profileQueryKey(uid) });
    },
  });
}
