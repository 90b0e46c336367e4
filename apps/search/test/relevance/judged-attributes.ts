import type { ItemInput, ProductGender, SearchColour } from '@closetly/contracts';

/**
 * The judged corpora of the relevance suite: catalogue items as a shopper
 * would save them (`item`, what the product sees) beside the structured
 * attributes a judge reads (`attributes`, what the product never sees).
 * Relevance is decided from the attributes only, never from the text, so the
 * measuring stick is independent of how any engine reads words.
 */

/** A garment type of our own ('jeans', 'chelsea-boot'); `typeFamily` groups a few under a broader one ('boot'). */
export interface JudgedAttributes {
  type: string;
  typeFamily: string | null;
  category: 'tops' | 'bottoms' | 'shoes' | 'outerwear' | 'accessories';
  gender: ProductGender;
  /**
   * The colour families the shade belongs to, most telling first. Usually
   * one; a shade between two families belongs to both (khaki is green and
   * beige, camel beige and brown), so either family's query accepts it.
   */
  colourFamilies: readonly SearchColour[];
  /** The shade by our own key ('navy', 'midwash'), for queries that name a shade rather than a family. */
  shade: string;
  /** Materials and knits the product's name states (a jean is denim by nature); empty when it names none. */
  materials: readonly string[];
}

export type CorpusId = 'demo' | 'marketplace';

export interface JudgedProduct {
  /** Unique within its corpus. */
  key: string;
  item: ItemInput;
  attributes: JudgedAttributes;
}

export interface JudgedCorpus {
  id: CorpusId;
  /** One line for report headers. */
  title: string;
  products: readonly JudgedProduct[];
}

/** Material words a name may state, and the material each names. */
export const MATERIAL_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/\blinen\b/i, 'linen'],
  [/\bdenim\b/i, 'denim'],
  [/\bcashmere\b/i, 'cashmere'],
  [/\bmerino\b/i, 'merino'],
  [/\blambswool\b/i, 'lambswool'],
  [/\bmohair\b/i, 'mohair'],
  [/\bwool\b/i, 'wool'],
  [/\bleather\b/i, 'leather'],
  [/\bsuede\b/i, 'suede'],
  [/\bsilk\b/i, 'silk'],
  [/\bsatin\b/i, 'satin'],
  [/\bcotton\b/i, 'cotton'],
  [/\bcorduroy\b/i, 'corduroy'],
  [/\b(ribbed|rib)\b/i, 'ribbed'],
  [/\bfleece\b/i, 'fleece'],
  [/\bcanvas\b/i, 'canvas'],
  [/\bnylon\b/i, 'nylon'],
  [/\bpoplin\b/i, 'poplin'],
  [/\bflannel\b/i, 'flannel'],
  [/\bcrepe\b/i, 'crepe'],
  [/\bsherpa\b/i, 'sherpa'],
];

/** The materials a name states, in the order of MATERIAL_WORDS. */
export function materialsNamed(text: string): string[] {
  return MATERIAL_WORDS.filter(([pattern]) => pattern.test(text)).map(([, material]) => material);
}

