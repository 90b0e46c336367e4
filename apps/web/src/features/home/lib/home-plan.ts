import type { ProfileGender } from '@closetly/catalogue-rules';
import { isProfileComplete, type ListGender, type Profile, type SearchGender } from '@closetly/contracts';

/** Spec §9: up to 3 recent searches and up to 3 favourite brands get a row each. */
export const MAX_SEARCH_ROWS = 3;
export const MAX_BRAND_ROWS = 3;

/** What the home page knows about the visitor when it decides its rows. */
export interface HomeInputs {
  auth: 'loading' | 'signedIn' | 'signedOut';
  /** Signed in: the profile, undefined while it loads, null when it could not be loaded. */
  profile: Profile | null | undefined;
  /** Signed in: whether the wardrobe has been loaded, and whether it is empty. */
  wardrobe: { loaded: boolean; empty: boolean };
  /** Signed in: the recent search terms, newest first (undefined while they load or when they failed). */
  recentTerms: readonly string[] | undefined;
}

/** Which rows the home page shows, in the spec's order (§2 Home). */
export interface HomePlan {
  /** 1. From Your Wardrobe: signed in and the wardrobe is not empty. */
  wardrobeRow: boolean;
  /** 2. Install the extension (Install Extension, View My Wardrobe): profile complete but wardrobe empty. */
  installCta: boolean;
  /** 3. Personalize Your Experience (Update Profile): signed in with an incomplete profile. */
  personalizeCta: boolean;
  /** 4. Recommended for You: signed in and the profile complete. */
  recommended: boolean;
  /**
   * 5. Popular Items, and 6. the search rows, are filtered by the profile gender: they wait until it
   * is known (at once for a visitor; for a member, once the profile has loaded or failed to).
   */
  genderKnown: boolean;
  profileGender: ProfileGender;
  /** 6. Based on Your Search for: {term}, for up to the 3 latest recent searches. */
  searchTerms: string[];
  /** 7. New from {brand}, for up to the first 3 favourite brands (profile complete). */
  brands: string[];
}

/** The first `limit` values, each once whatever its case or surrounding spaces (the first spelling kept). */
function firstDistinct(values: readonly string[], limit: number): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const value of values) {
    const text = value.trim();
    const key = text.toLowerCase();
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(text);
    if (kept.length === limit) break;
  }
  return kept;
}

export function planHome({ auth, profile, wardrobe, recentTerms }: HomeInputs): HomePlan {
  const signedIn = auth === 'signedIn';
  const profileLoaded = signedIn && profile !== undefined && profile !== null;
  const complete = profileLoaded && isProfileComplete(profile);
  const genderKnown = auth === 'signedOut' || (signedIn && profile !== undefined);
  return {
    wardrobeRow: signedIn && wardrobe.loaded && !wardrobe.empty,
    installCta: complete && wardrobe.loaded && wardrobe.empty,
    personalizeCta: profileLoaded && !complete,
    recommended: complete,
    genderKnown,
    profileGender: profileLoaded ? profile.gender : '',
    searchTerms: signedIn && genderKnown && recentTerms ? firstDistinct(recentTerms, MAX_SEARCH_ROWS) : [],
    brands: complete ? firstDistinct(profile.favoriteBrands, MAX_BRAND_ROWS) : [],
  };
}

/** The popular list's gender (spec §2): male → Men, female → Women (each with Unisex); other or none → every gender. */
export function listGenderFor(profileGender: ProfileGender): ListGender | undefined {
  if (profileGender === 'male') return 'Men';
  if (profileGender === 'female') return 'Women';
  return undefined;
}

/** The search rows' gender filter: Men or Women plus Unisex (unspecified items are Unisex in the catalogue); none for other or none. */
export function searchGendersFor(profileGender: ProfileGender): SearchGender[] {
  const gender = listGenderFor(profileGender);
  return gender ? [gender, 'Unisex'] : [];
}
