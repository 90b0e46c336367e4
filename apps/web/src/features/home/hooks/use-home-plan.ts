import { useAuth } from '@/features/auth/hooks/use-auth';
import { useProfile } from '@/features/profile/api/get-profile';
import { useRecentSearches } from '@/features/search/api/get-recent-searches';
import { useWardrobe, type Wardrobe } from '@/features/wardrobe/hooks/use-wardrobe';
import { planHome, type HomePlan } from '../lib/home-plan';

export interface HomeState {
  plan: HomePlan;
  /** The signed-in account, whose recommendations the page asks for. */
  uid: string | null;
  wardrobe: Wardrobe;
}

/** Gathers what decides the home rows: the auth state, the profile, the wardrobe and the recent searches. */
export function useHomePlan(): HomeState {
  const auth = useAuth();
  const { uid, query: profile } = useProfile();
  const wardrobe = useWardrobe();
  const recentSearches = useRecentSearches();
  const plan = planHome({
    auth: auth.status,
    profile: uid === null ? undefined : (profile.data ?? (profile.isError ? null : undefined)),
    wardrobe: { loaded: wardrobe.isLoaded, empty: wardrobe.isEmpty },
    recentTerms: recentSearches.data?.map((search) => search.term),
  });
  return { plan, uid, wardrobe };
}
