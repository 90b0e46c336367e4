import type { Profile } from '@closetly/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { api } from '@/lib/api-client';

export const profileQueryKey = (uid: string) => ['profile', uid] as const;

/** GET /api/profile: the signed-in user's profile. */
export const fetchProfile = (signal?: AbortSignal): Promise<Profile> => api.getProfile({ signal });

export function profileQueryOptions(uid: string) {
  return queryOptions({ queryKey: profileQueryKey(uid), queryFn: ({ signal }) => fetchProfile(signal) });
}

/** The signed-in user's profile; signed out it is never loaded. */
export function useProfile() {
  const auth = useAuth();
  const uid = auth.status === 'signedIn' ? auth.session.user.uid : null;
  return { uid, query: useQuery({ ...profileQueryOptions(uid ?? ''), enabled: uid !== null }) };
}
