import type { ProductGender } from '@closetly/contracts';
import type { CategoryId } from '../categories';
import { genderFromWords } from '../gender';
import { COLOUR_VOCABULARY, colourTags } from './colours';
import { GARMENT_TYPES, GARMENT_VOCABULARY, GARMENTS_BY_ID, garmentLineage } from './garments';
import { type PhraseMatch, queryWords } from './words';
import type { GarmentWord } from './garments';

/**
 * Version of the vocabularies the tags are read with. Bump it whenever a
 * garment or colour list changes: both search engines read the tags of every
 * indexed product again when they start.
 */
export const TAGS_VERSION = 2;

/** What search knows a product is, beyond its text: who it is for, its garment type (with wider kinds) and its colours (shades and families). */
export type ProductTags = {
  /** The catalogue's gender, or for a Unisex (untagged) product the gender its name, else its description, names ("Women's Ultra Stretch Jeans"). */
  audience: ProductGender;
  garments: string[];
  colours: string[];
};

export interface TaggableProduct {
  name: string;
  brand: string;
  description: string;
  gender: ProductGender;
  category: CategoryId | string;
  /** The colour the page or the savers state, if any. */
  colour: string | null;
}

/** Where a product name stops naming the product: "Linen Dress with Belt" is a dress. */
const NAME_TAIL = /\s(?:with|w\/|featuring|incl\.?|including|plus|\+)\s/i;

const garmentsIn = (words: readonly string[]): string[] =>
  GARMENT_VOCABULARY.matches(words)
    .filter((match): match is PhraseMatch<GarmentWord & { kind: 'garment' }> => match.value.kind === 'garment')
    .map((match) => match.value.id);

/**
 * The garment a product name names: the last garment word (English names
 * put the noun last: "Hoodie Jacket" is a jacket, "Sneaker Socks" are
 * socks, "Jeans Oversized Hoody" a hoody, whatever category a shop filed it
 * under), or a kind right before a wider kind of it ("Ribbed Beanie Hat" is
 * a beanie). Null when no garment word is there.
 */
export function headGarment(words: readonly string[]): string | null {
  const garments = garmentsIn(words);
  const last = garments.at(-1);
  const before = garments.at(-2);
  if (last !== undefined && before !== undefined && before !== last && garmentLineage(before).includes(last)) return before;
  return last ?? null;
}

/**
 * The garment a description names: the first of the product's own
 * category, or, when the name named only a wide kind ("Windrunner Jacket"),
 * the first narrower kind of it ("a packable windbreaker").
 */
function describedGarment(words: readonly string[], category: string, named: string | null): string | null {
  const garments = garmentsIn(words);
  if (named !== null) return garments.find((id) => id !== named && garmentLineage(id).includes(named)) ?? named;
  return garments.find((id) => GARMENTS_BY_ID.get(id)?.category === category) ?? null;
}

/** Colour tags of the colour words in a text; `plainOnly` keeps words that mean a colour wherever they stand. */
function coloursIn(text: string, plainOnly: boolean): string[] {
  const tags = new Set<string>();
  for (const match of COLOUR_VOCABULARY.matches(queryWords(text))) {
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
  // The brand is not the product: "Tommy Jeans Oversized Hoody" is a hoody.
  const name = withoutBrand(product.name, product.brand);
  const [nameHead = ''] = name.split(NAME_TAIL);
  const named = headGarment(queryWords(nameHead)) ?? headGarment(queryWords(name));
  const description = queryWords(stripTags(product.description));
  const garment = named !== null && !hasNarrowerKinds(named) ? named : describedGarment(description, product.category, named);
  const stated = product.colour?.trim() ? coloursIn(product.colour, false) : [];
  const colours = stated.length > 0 ? stated : coloursIn(name, true);
  return {
    audience: product.gender !== 'Unisex' ? product.gender : (genderFromWords(product.name) ?? genderFromWords(stripTags(product.description)) ?? 'Unisex'),
    garments: garment === null ? [] : garmentLineage(garment),
    colours: colours.length > 0 ? colours : coloursIn(stripTags(product.description), true),
  };
}

const stripTags = (html: string): string => html.replace(/<[^>]*>/g, ' ');

/** The name without the brand's words where they stand together in it ("Calvin Klein Jeans Slim Jeans" → "Slim Jeans"). */
function withoutBrand(name: string, brand: string): string {
  const brandWords = queryWords(brand);
  const words = queryWords(name);
  if (brandWords.length === 0) return name;
  for (let at = 0; at + brandWords.length <= words.length; at++) {
    if (brandWords.every((word, i) => words[at + i] === word)) return [...words.slice(0, at), ...words.slice(at + brandWords.length)].join(' ');
  }
  return name;
}

const WIDER_KINDS: ReadonlySet<string> = new Set(GARMENT_TYPES.flatMap((type) => (type.parent ? [type.parent] : [])));
/** Whether some garment type is a narrower kind of this one ("jackets": rain jackets, puffers). */
const hasNarrowerKinds = (id: string): boolean => WIDER_KINDS.has(id);
