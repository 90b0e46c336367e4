/**
 * Item gender (spec §3: Women, Men, Unisex; default Unisex) and the gender
 * filter of the home rows (spec §2) and the wardrobe (spec §5).
 */

import { PRODUCT_GENDERS, type ProductGender } from '@closetly/contracts';
import { tokenise } from './infer-category';

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

/** Words that name a gender only inside a word of their own ("menswear"); normaliseGender keeps reading them as Unisex. */
const WOMEN_COMPOUNDS = new Set(['womenswear', 'ladieswear']);
const MEN_COMPOUNDS = new Set(['menswear']);

/**
 * The words European shops (and marketplaces' European sites) use in names
 * and breadcrumbs: German, French, Spanish, Italian, Dutch. Not "donna" (a
 * first name, as in Donna Karan).
 */
const WOMEN_ABROAD = new Set(['damen', 'frauen', 'femme', 'femmes', 'mujer', 'mujeres', 'dames']);
const MEN_ABROAD = new Set(['herren', 'homme', 'hommes', 'hombre', 'hombres', 'uomo', 'heren']);

/** Most characters of text read for gender words. */
const MAX_GENDER_TEXT = 5000;

/**
 * The gender a piece of page text names: breadcrumbs ("Home > Women >
 * Shoes"), category fields, URL paths ("/mens/jackets/"), a product name
 * ("Women's Dayzy Sneaker"). Words are read as `tokenise` splits them and
 * matched with the synonyms of `normaliseGender` (women, womens, woman,
 * ladies, female, men, mens, man, gents, male, …) plus "womenswear",
 * "ladieswear" and "menswear", and the same words in German, French,
 * Spanish, Italian and Dutch ("Damen", "Homme", "Mujer"); single letters never count ("/m/", "size S
 * / M"), nor "man" in "man-made" (a material).
 *
 * "unisex" anywhere → Unisex. Women's words and men's words together
 * ("Men's & Women's") name no single gender: null, as for text that names
 * none. Never a default: an absent answer is for the caller to decide.
 */
export function genderFromWords(text: string | null | undefined): ProductGender | null {
  if (typeof text !== 'string') return null;
  const words = tokenise(text.slice(0, MAX_GENDER_TEXT));
  let women = false;
  let men = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (word === 'unisex') return 'Unisex';
    if (word.length < 2 || (word === 'man' && words[i + 1] === 'made')) continue;
    if (WOMEN.has(word) || WOMEN_COMPOUNDS.has(word) || WOMEN_ABROAD.has(word)) women = true;
    else if (MEN.has(word) || MEN_COMPOUNDS.has(word) || MEN_ABROAD.has(word)) men = true;
  }
  if (women === men) return null;
  return women ? 'Women' : 'Men';
}
