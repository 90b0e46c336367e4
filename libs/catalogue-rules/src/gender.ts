/**
 * Item gender (spec §3: Women, Men, Unisex; default Unisex) and the gender
 * filter of the home rows (spec §2) and the wardrobe (spec §5).
 */

import { PRODUCT_GENDERS, type ProductGender } from '@closetly/contracts';

export { PRODUCT_GENDERS, type ProductGender };

/** The profile's gender (spec §3): male, female, other or empty. */
export type ProfileGender = 'male' | 'female' | 'other' | '';

const WOMEN = new Set(['women', 'woman', 'womens', 'womans', 'female', 'females', 'ladies', 'lady', 'ladys', 'w', 'f']);
const MEN = new Set(['men', 'man', 'mens', 'mans', 'male', 'males', 'gentlemen', 'gentleman', 'gents', 'gent', 'm']);

/**
 * Women, Men or Unisex. Case, spaces, apostrophes and punctuation are
 * ignored ("WOMEN'S" → Women); synonyms are accepted (female, woman, ladies →
 * Women; male, man, gents → Men; single letters W/F and M). Empty, missing,
 * "unisex" and anything unknown ("kids", 42) are Unisex: the spec's wardrobe
 * filter treats anything but Women, Men or Unisex as Unisex.
 */
export function normaliseGender(value: unknown): ProductGender {
  if (typeof value !== 'string') return 'Unisex';
  const word = value.toLowerCase().replace(/[^a-z]/g, '');
  if (WOMEN.has(word)) return 'Women';
  if (MEN.has(word)) return 'Men';
  return 'Unisex';
}

/**
 * Whether an item shows in a row filtered by the profile gender (spec §2):
 * male shows Men plus Unisex or unspecified items; female shows Women plus
 * Unisex or unspecified items; other or none shows all. The item's gender is
 * normalised first, so unspecified and unknown values count as Unisex. A
 * profile gender outside the four values shows all, like "other".
 */
export function matchesGenderFilter(itemGender: unknown, profileGender: ProfileGender | null | undefined): boolean {
  const gender = normaliseGender(itemGender);
  switch (profileGender) {
    case 'male':
      return gender !== 'Women';
    case 'female':
      return gender !== 'Men';
    default:
      return true;
  }
}
