import { GARMENTS_BY_ID, parseSearchQuery, type UnderstoodQuery } from '@closetly/catalogue-rules';
import type { Category } from '@closetly/contracts';
import type { ProductSearchIndex, ProductSearchQuery, ProductSearchResult, UnderstoodSearch } from './engine/product-search-index';

/** Fewer exact matches than this and a plain text search also tries typos and prefixes ("too little", issue 20). */
export const FEW_EXACT_RESULTS = 5;
/** Fewer products of the garment than a page's top ten and products with no garment read from their text, of its category, join them. */
export const FEW_TYPED_RESULTS = 10;

/** One attempt at a search, and how many results end the search there. */
export type SearchTier = UnderstoodSearch & { enough: number };

/**
 * The attempts a search makes, widest last, stopping at the first that finds
 * `enough` (the last always ends it):
 *
 * With a constraint on what the item is (garment, category, colour), and the gender if named:
 *  1. every item that satisfies the constraints; the other words only rank
 *     ("linen shirt": every shirt, linen ones first), spelled right (typo
 *     clauses over thousands of matches cost the engine more than they
 *     change: none of the judged queries moved);
 *     if that is fewer than FEW_TYPED_RESULTS, items whose text names no
 *     garment join them, from the garment's category ("Air Force 1" is a
 *     shoe), after every item that names it;
 *  2. if none does: the garment and colour words become words that must be
 *     found in the text (an item whose tags missed it), the gender stays;
 *  3. then any one word.
 * Text only (a gender alone does not say what the item is: "women nike"
 * needs Nike, within women's and unisex items):
 *  1. every word spelled right (exact beats fuzzy: typos are not looked for
 *     while exact matches are plenty);
 *  2. if fewer than FEW_EXACT_RESULTS: every word exact, within a typo, or the
 *     last one as a prefix ("lin" → Linen), exact ones first;
 *  3. if none: any one word.
 * A gender and nothing else: every item for that gender. No words and no
 * constraint: no attempt at all.
 */
export function searchTiers(query: UnderstoodQuery): SearchTier[] {
  const ranking = { preferGender: query.gender, boostWords: query.constraintWords, lastWordIsPrefix: query.lastWordIsPrefix };
  const none = { garments: [], untypedIn: [], categories: [], colours: [] };
  const describesItem = query.garments.length > 0 || query.categories.length > 0 || query.colours.length > 0;
  if (describesItem) {
    const relaxedWords = [...query.constraintWords, ...query.words];
    const constraints = { genders: query.genders, garments: query.garments, categories: query.categories, colours: query.colours, untypedIn: [] as Category[] };
    const untypedIn = [...new Set(query.garments.flatMap((id) => GARMENTS_BY_ID.get(id)?.category ?? []))];
    return [
      { ...ranking, ...constraints, words: query.words, match: 'rank', typos: false, enough: untypedIn.length > 0 ? FEW_TYPED_RESULTS : 1 },
      ...(untypedIn.length > 0 ? [{ ...ranking, ...constraints, untypedIn, words: query.words, match: 'rank', typos: false, enough: 1 } as const] : []),
      ...(relaxedWords.length > 0
        ? [
            { ...ranking, ...none, genders: query.genders, words: relaxedWords, match: 'all', typos: true, lastWordIsPrefix: false, enough: 1 } as const,
            { ...ranking, ...none, genders: query.genders, words: relaxedWords, match: 'any', typos: true, lastWordIsPrefix: false, enough: 1 } as const,
          ]
        : []),
    ];
  }
  if (query.words.length === 0) {
    return query.genders.length > 0 ? [{ ...ranking, ...none, genders: query.genders, words: [], match: 'rank', typos: false, enough: 1 }] : [];
  }
  const text = { ...ranking, ...none, genders: query.genders, words: query.words };
  return [
    { ...text, match: 'all', typos: false, enough: FEW_EXACT_RESULTS },
    { ...text, match: 'all', typos: true, enough: 1 },
    ...(query.words.length > 1 ? [{ ...text, match: 'any', typos: true, enough: 1 } as const] : []),
  ];
}

/**
 * Runs a shopper's query on an engine as understood, tier by tier, with the
 * filters given: what the search service does for a plain search, and what
 * the search benchmark's references send the engine. Undefined when the
 * query holds nothing to search for.
 */
export async function searchAsUnderstood(
  index: ProductSearchIndex,
  q: string,
  filters: Omit<ProductSearchQuery, 'terms' | 'understood'>,
): Promise<ProductSearchResult | undefined> {
  let result: ProductSearchResult | undefined;
  const tiers = searchTiers(parseSearchQuery(q));
  for (const [at, { enough, ...understood }] of tiers.entries()) {
    // A tier before the last is kept only when it finds enough: below that the engine may skip its page and facets.
    const last = at === tiers.length - 1;
    result = await index.search({ ...filters, understood, ...(last ? {} : { keptFrom: enough }) });
    if (result.total >= enough) break;
  }
  return result;
}
