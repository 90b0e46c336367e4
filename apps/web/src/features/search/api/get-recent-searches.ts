import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { api } from '@/lib/api-client';

/** Spec §9: recent-search rows are reused for 5 minutes. */
export const RECENT_SEARCHES_STALE_MS = 5 * 60 * 1000;

export const RECENT_SEARCHES_KEY = ['recent-searches'] as const;
export const recentSearchesQueryKey = (uid: string) => [...RECENT_SEARCHES_KEY, uid] as const;

/** GET /api/recent-searches (signed in): distinct terms, newest first (the home page shows up to 3). */
export function recentSearchesQueryOptions(uid: string) {
  return queryOptions({
    queryKey: recentSearchesQueryKey(uid),
    queryFn: ({ signal }) => api.getRecentSearches({ signal }),
    staleTime: RECENT_SEARCHES_STALE_MS,
  });
}

/** The signed-in user's recent searches; signed out they are never loaded. */
export function useRecentSearches() {
  const auth = useAuth();
  const uid = auth.status === 'signedIn' ? auth.session.user.uid : null;
  return useQuery({ ...recentSearchesQueryOptions(uid ?? ''), enabled: uid !== null });
}
