import type { CategoryId } from '../categories';
import { COLOUR_VOCABULARY, colourTags } from './colours';
import { GARMENT_VOCABULARY, GARMENTS_BY_ID, garmentLineage } from './garments';
import { type PhraseMatch, wordsOf } from './words';
import type { GarmentWord } from './garments';

/**
 * Version of the vocabularies the tags are read with. Bump it whenever a
 * garment or colour list changes: both search engines read the tags of every
 * indexed product again when they start.
 */
export const TAGS_VERSION = 1;

/** What search knows a product is, beyond its text: its garment type (with wider kinds) and its colours (shades and families). */
export interface ProductTags {
  garments: string[];
  colours: string[];
}

export interface TaggableProduct {
  name: string;
  description: string;
  category: CategoryId | string;
  /** The colour the page or the savers state, if any. */
  colour: string | null;
}

/** Where a product name stops naming the product: "Linen Dress with Belt" is a dress. */
const NAME_TAIL = /\s(?:with|w\/|featuring|incl\.?|including|plus|\+)\s/i;

/**
 * The garment a run of words names: the last garment word (English names
 * put the noun last: "Shirt Jacket" is a jacket, "Sweater Vest" a vest),
 * preferring one of the product's own category ("Sneaker Socks" filed
 * under accessories are socks). Null when no garment word is there.
 */
function headGarment(words: readonly string[], category: string): string | null {
  const garments = GARMENT_VOCABULARY.matches(words).filter(
    (match): match is PhraseMatch<GarmentWord & { kind: 'garment' }> => match.value.kind === 'garment',
  );
  const ofCategory = garments.filter((match) => GARMENTS_BY_ID.get(match.value.id)?.category === category);
  const pick = (ofCategory.length > 0 ? ofCategory : garments).at(-1);
  return pick?.value.id ?? null;
}

/** The first garment a description names of the product's own category ("A relaxed shirt in washed linen…"). */
function describedGarment(words: readonly string[], category: string): string | null {
  const match = GARMENT_VOCABULARY.matches(words).find(
    (found) => found.value.kind === 'garment' && GARMENTS_BY_ID.get(found.value.id)?.category === category,
  );
  return match?.value.kind === 'garment' ? match.value.id : null;
}

/** Colour tags of the colour words in a text; `plainOnly` keeps words that mean a colour wherever they stand. */
function coloursIn(text: string, plainOnly: boolean): string[] {
  const tags = new Set<string>();
  for (const match of COLOUR_VOCABULARY.matches(wordsOf(text))) {
    if (plainOnly && !match.value.plain) continue;
    for (const tag of colourTags(match.value)) tags.add(tag);
  }
  return [...tags];
}

/**
 * Reads what a product is (issue 20), for search to match garment and
 * colour words against, the same way in both engines:
 * - garment: named by the product's name (before any "with …"), else by its
 *   description, of the product's category; tagged with its wider kinds
 *   ("chelsea-boots", "boots");
 * - colour: the stated colour; without one, the colour words of the name,
 *   else of the description (plain colour words only: "Stone Wash" is blue,
 *   but a "Stone" in a name is not beige).
 */
export function productTags(product: TaggableProduct): ProductTags {
  const [nameHead = ''] = product.name.split(NAME_TAIL);
  const garment =
    headGarment(wordsOf(nameHead), product.category) ??
    headGarment(wordsOf(product.name), product.category) ??
    describedGarment(wordsOf(product.description), product.category);
  const stated = product.colour?.trim() ? coloursIn(product.colour, false) : [];
  const colours = stated.length > 0 ? stated : coloursIn(product.name, true);
  return {
    garments: garment === null ? [] : garmentLineage(garment),
    colours: colours.length > 0 ? colours : coloursIn(stripTags(product.description), true),
  };
}

const stripTags = (html: string): string => html.replace(/<[^>]*>/g, ' ');
