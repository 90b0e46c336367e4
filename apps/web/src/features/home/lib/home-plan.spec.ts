import { describe, expect, it } from '@jest/globals';
import { emptyProfile, type Profile } from '@closetly/contracts';
import { listGenderFor, planHome, searchGendersFor, type HomeInputs } from './home-plan';

const incomplete: Profile = { ...emptyProfile('iris@example.com', 'Iris'), favoriteBrands: ['COS'] };
const complete: Profile = {
  ...emptyProfile('iris@example.com', 'Iris', 'female'),
  favoriteBrands: ['COS', 'cos ', 'Arket', ' ', 'Toteme', 'Ganni'],
  sizes: { ...emptyProfile().sizes, top: 'M' },
};
const loadedWardrobe = (empty: boolean) => ({ loaded: true, empty });
const NOT_LOADED = { loaded: false, empty: true };

const member = (overrides: Partial<HomeInputs>): HomeInputs => ({
  auth: 'signedIn',
  profile: complete,
  wardrobe: loadedWardrobe(false),
  recentTerms: [],
  ...overrides,
});

describe('planHome', () => {
  it('shows a visitor the popular items of every gender, and nothing personal', () => {
    expect(planHome({ auth: 'signedOut', profile: undefined, wardrobe: NOT_LOADED, recentTerms: undefined })).toEqual({
      wardrobeRow: false,
      installCta: false,
      personalizeCta: false,
      recommended: false,
      genderKnown: true,
      profileGender: '',
      searchTerms: [],
      brands: [],
    });
  });

  it('waits for the auth state and the profile before filtering by gender', () => {
    expect(planHome({ auth: 'loading', profile: undefined, wardrobe: NOT_LOADED, recentTerms: undefined }).genderKnown).toBe(false);
    const loading = planHome(member({ profile: undefined, recentTerms: ['linen'] }));
    expect(loading).toMatchObject({ genderKnown: false, searchTerms: [], personalizeCta: false, recommended: false, installCta: false });
    // A profile that failed to load: every gender, no profile rows.
    expect(planHome(member({ profile: null, recentTerms: ['linen'] }))).toMatchObject({ genderKnown: true, profileGender: '', searchTerms: ['linen'], personalizeCta: false, brands: [] });
  });

  it('asks a member with an incomplete profile to personalise, without recommendations or brand rows', () => {
    expect(planHome(member({ profile: incomplete, wardrobe: loadedWardrobe(true) }))).toMatchObject({
      wardrobeRow: false,
      installCta: false,
      personalizeCta: true,
      recommended: false,
      brands: [],
    });
  });

  it('offers the extension to a complete profile with an empty wardrobe, once the wardrobe has loaded', () => {
    expect(planHome(member({ wardrobe: loadedWardrobe(true) }))).toMatchObject({ wardrobeRow: false, installCta: true, personalizeCta: false, recommended: true });
    expect(planHome(member({ wardrobe: NOT_LOADED }))).toMatchObject({ wardrobeRow: false, installCta: false });
  });

  it('shows a complete profile with saves its wardrobe, recommendations, 3 recent searches and 3 favourite brands', () => {
    const plan = planHome(member({ recentTerms: ['linen shirt', 'Trainers', 'trainers', 'raincoat', 'scarf'] }));
    expect(plan).toMatchObject({ wardrobeRow: true, installCta: false, personalizeCta: false, recommended: true, genderKnown: true, profileGender: 'female' });
    expect(plan.searchTerms).toEqual(['linen shirt', 'Trainers', 'raincoat']);
    expect(plan.brands).toEqual(['COS', 'Arket', 'Toteme']);
  });
});

describe('gender of the popular and search rows', () => {
  it('maps male to Men and female to Women, each with Unisex; other and none to every gender', () => {
    expect([listGenderFor('male'), listGenderFor('female'), listGenderFor('other'), listGenderFor('')]).toEqual(['Men', 'Women', undefined, undefined]);
    expect(searchGendersFor('male')).toEqual(['Men', 'Unisex']);
    expect(searchGendersFor('female')).toEqual(['Women', 'Unisex']);
    expect(searchGendersFor('other')).toEqual([]);
    expect(searchGendersFor('')).toEqual([]);
  });
});
