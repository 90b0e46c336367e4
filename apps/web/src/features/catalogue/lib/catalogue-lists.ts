import { matchesGenderFilter } from '@closetly/catalogue-rules';
import type { Category, ListCategory, ListGender, ProductView } from '@closetly/contracts';

/** Where a list comes from: GET /api/popular-items or GET /api/products/category/{category}. */
export type ListSource =
  | { kind: 'popular'; category: 'all' | 'accessories'; gender?: ListGender }
  | { kind: 'category'; category: ListCategory; gender?: ListGender };

/** One section of a catalogue page, with the local-storage key its list is cached under (spec §3). */
export interface CatalogueList {
  title: string;
  cacheKey: string;
  source: ListSource;
  /**
   * The men's page shows its cached list, however old, when a refresh fails (spec §7); the other pages
   * use only a cache younger than 1 hour and leave a section empty when its list cannot be loaded.
   */
  keepStaleOnError: boolean;
}

/** The catalogue's clothing categories for women and men (spec §3), in the pages' order. */
export const CLOTHING_CATEGORIES = ['tops', 'bottoms', 'shoes', 'outerwear'] as const satisfies readonly ListCategory[];
type ClothingCategory = (typeof CLOTHING_CATEGORIES)[number];

const CATEGORY_LABELS: Record<ClothingCategory, string> = { tops: 'Tops', bottoms: 'Bottoms', shoes: 'Shoes', outerwear: 'Outerwear' };

/** What differs between /women and /men (spec §2 and §7: the men's page hides sections with no items and keeps stale lists). */
export interface GenderPage {
  gender: ListGender;
  /** "Women's" / "Men's", as the headings say it. */
  possessive: string;
  hideEmptySections: boolean;
  keepStaleOnError: boolean;
}

export const WOMEN_PAGE: GenderPage = { gender: 'Women', possessive: "Women's", hideEmptySections: false, keepStaleOnError: false };
export const MEN_PAGE: GenderPage = { gender: 'Men', possessive: "Men's", hideEmptySections: true, keepStaleOnError: true };

/**
 * The sections of /women or /men after the wardrobe's: Popular Women's Items (popularItems_women), then
 * Women's Tops, Bottoms, Shoes and Outerwear (women_tops, …), each of that gender plus Unisex.
 */
export function genderPageLists(page: GenderPage): CatalogueList[] {
  const key = page.gender.toLowerCase();
  const { keepStaleOnError } = page;
  return [
    { title: `Popular ${page.possessive} Items`, cacheKey: `popularItems_${key}`, source: { kind: 'popular', category: 'all', gender: page.gender }, keepStaleOnError },
    ...CLOTHING_CATEGORIES.map(
      (category): CatalogueList => ({
        title: `${page.possessive} ${CATEGORY_LABELS[category]}`,
        cacheKey: `${key}_${category}`,
        source: { kind: 'category', category, gender: page.gender },
        keepStaleOnError,
      }),
    ),
  ];
}

/** /accessories: Popular Accessories (popularItems_accessories) and the All Accessories grid (accessories_accessories), of every gender. */
export const POPULAR_ACCESSORIES: CatalogueList = {
  title: 'Popular Accessories',
  cacheKey: 'popularItems_accessories',
  source: { kind: 'popular', category: 'accessories' },
  keepStaleOnError: false,
};
export const ALL_ACCESSORIES: CatalogueList = {
  title: 'All Accessories',
  cacheKey: 'accessories_accessories',
  source: { kind: 'category', category: 'accessories' },
  keepStaleOnError: false,
};

const isClothing = (category: Category): boolean => (CLOTHING_CATEGORIES as readonly Category[]).includes(category);

/**
 * From Your Women's / Men's Wardrobe: the saved clothing of that gender plus Unisex (the lists' gender
 * rule); accessories have their own page and homeware belongs to neither.
 */
export function genderWardrobe<T extends Pick<ProductView, 'gender' | 'category'>>(items: readonly T[], gender: ListGender): T[] {
  const profileGender = gender === 'Women' ? 'female' : 'male';
  return items.filter((item) => isClothing(item.category) && matchesGenderFilter(item.gender, profileGender));
}

/** Accessories from Your Wardrobe: the saved accessories, of every gender. */
export function accessoriesWardrobe<T extends Pick<ProductView, 'category'>>(items: readonly T[]): T[] {
  return items.filter((item) => item.category === 'accessories');
}
