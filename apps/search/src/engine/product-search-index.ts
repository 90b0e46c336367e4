import { type ProductTags, productTags, SEARCH_COLOURS } from '@closetly/catalogue-rules';
import { Category } from '@closetly/contracts';
import { z } from 'zod';
import { PriceBandId, type ProductDocument, ProductGender, utcInstant } from './product-document';

export * from './product-document';

/** Results per page when the caller does not say (spec, section 9). */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Suggestions shown under the header search box (spec, section 9). */
export const DEFAULT_SUGGESTION_LIMIT = 5;
export const MAX_SUGGESTION_LIMIT = 20;
/** How many brands the brand facet lists at most. */
export const BRAND_FACET_SIZE = 50;
/**
 * Deepest result either engine serves (OpenSearch's default
 * `max_result_window`): a page that starts at or past it comes back with no
 * items, though total and facets still count everything.
 */
export const MAX_RESULT_WINDOW = 10_000;

/**
 * A search over the product index.
 * - `terms` are OR-joined: a product matches when it matches any term. Within
 *   one term every word must match, in any of name, brand or description.
 *   Words are compared after English stemming ("jackets" finds "Jacket");
 *   English stop words are ignored; query syntax characters are text.
 * - A word also matches its fashion synonyms (`FASHION_SYNONYMS`: "trainers"
 *   finds "Sneaker", "hoodie" finds "Hooded Sweatshirt") and, from 4 letters,
 *   indexed words within a typo of it ("jaket" finds "Jacket"; `FUZZINESS`).
 * - No terms (or only blank ones) means browse: every product. Terms with no
 *   word to match (stop words, punctuation) match nothing.
 * - Each filter is an OR within itself and the filters AND together. Brands
 *   match exactly (case included): pass back the brand facet's values.
 * - Ranking: exact words (synonyms included) before typo matches; a match in
 *   the name above one in the brand, above one in the description; ties (and
 *   browsing) ordered by id, so pages are stable.
 */
export const SEARCH_COLOURS_LIST: readonly string[] = SEARCH_COLOURS;
export const SearchColourId = z.enum(SEARCH_COLOURS);
export type SearchColourId = z.infer<typeof SearchColourId>;

/**
 * A query as the query understanding read it (`parseSearchQuery`), for the
 * engines to run the same way (issue 20). Used instead of `terms` when given.
 * - Constraints, each an OR within itself, ANDed, narrowing hits and facets
 *   alike: `genders` (of the product's audience, see `productTags`), `garments` (a product's garment tags, see
 *   `productTags`), `categories`, `colours` (colour tags: shades and
 *   families).
 * - `words` are text. `match`: `all` (every word must be found, as a plain
 *   term), `any` (at least one), `rank` (none needs to be: they only rank,
 *   when constraints already choose the products).
 * - `typos`: a word may also match a name or brand word within its typo
 *   allowance (`FUZZINESS`) and, with `lastWordIsPrefix`, the last word a
 *   name word it starts ("lin" → Linen). Exact words always rank above.
 * - Ranking: the words as a phrase in the name, then words in the name, the
 *   brand, the description; `preferGender` above Unisex; `boostWords` (the
 *   garment and colour words as typed) in the name; typo and prefix matches
 *   last; then id.
 */
export const UnderstoodSearch = z.object({
  genders: z.array(ProductGender).default([]),
  preferGender: ProductGender.nullable().default(null),
  garments: z.array(z.string().min(1).max(60)).max(16).default([]),
  /**
   * Products with no garment tag in these categories also satisfy
   * `garments` (a shoe named "Air Force 1" is still a shoe), ranked after
   * every tagged match.
   */
  untypedIn: z.array(Category).max(6).default([]),
  categories: z.array(Category).max(6).default([]),
  colours: z.array(z.string().min(1).max(60)).max(16).default([]),
  words: z.array(z.string().min(1).max(200)).max(32).default([]),
  boostWords: z.array(z.string().min(1).max(200)).max(32).default([]),
  match: z.enum(['all', 'any', 'rank']).default('all'),
  typos: z.boolean().default(false),
  lastWordIsPrefix: z.boolean().default(false),
});
export type UnderstoodSearch = z.infer<typeof UnderstoodSearch>;

export const ProductSearchQuery = z.object({
  terms: z.array(z.string().max(200)).max(32).default([]),
  understood: UnderstoodSearch.optional(),
  /** The Colour filter: colour families, a facet group like the others. */
  colours: z.array(SearchColourId).optional(),
  gender: z.array(ProductGender).optional(),
  brands: z.array(z.string().min(1)).max(100).optional(),
  priceBands: z.array(PriceBandId).optional(),
  /** The "On sale" filter: only products whose price dropped at or after `saleSince`. */
  onSale: z.boolean().optional(),
  /** Where "on sale" begins (now minus PRICE_DROP_WINDOW_DAYS, set by the caller, which owns the clock); without it nothing is on sale. */
  saleSince: z.iso.datetime().optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /**
   * The caller keeps this answer only when its total reaches this many (a
   * search tier that finds fewer is discarded for the next, `searchTiers`):
   * below it an engine may answer the exact total with no items and no
   * facets, and spare the work.
   */
  keptFrom: z.number().int().min(0).optional(),
});
export type ProductSearchQuery = z.input<typeof ProductSearchQuery>;

/** A query with defaults applied, blank and repeated values dropped; what the engines run. */
export interface ResolvedSearchQuery {
  terms: string[];
  understood: UnderstoodSearch | undefined;
  colours: SearchColourId[];
  gender: ProductGender[];
  brands: string[];
  priceBands: PriceBandId[];
  onSale: boolean;
  /** Where "on sale" begins (see ProductSearchQuery.saleSince); null: nothing is on sale. */
  saleSince: Date | null;
  page: number;
  pageSize: number;
  /** Zero-based index of the page's first item. */
  offset: number;
  /** See ProductSearchQuery.keptFrom; 0 when every answer is kept. */
  keptFrom: number;
}

export function resolveSearchQuery(query: ProductSearchQuery): ResolvedSearchQuery {
  const parsed = ProductSearchQuery.parse(query);
  const unique = <T>(values: T[] | undefined): T[] => [...new Set(values ?? [])];
  return {
    terms: unique(parsed.terms.map((term) => term.trim()).filter((term) => term.length > 0)),
    understood: parsed.understood,
    colours: unique(parsed.colours),
    gender: unique(parsed.gender),
    brands: unique(parsed.brands),
    priceBands: unique(parsed.priceBands),
    onSale: parsed.onSale ?? false,
    saleSince: parsed.saleSince ? new Date(parsed.saleSince) : null,
    page: parsed.page,
    pageSize: parsed.pageSize,
    offset: (parsed.page - 1) * parsed.pageSize,
    keptFrom: parsed.keptFrom ?? 0,
  };
}

/** How many items of the requested page an engine may return (0 past the result window). */
export const pageLimit = (query: ResolvedSearchQuery): number =>
  Math.max(0, Math.min(query.pageSize, MAX_RESULT_WINDOW - query.offset));

export interface FacetCount<T extends string = string> {
  value: T;
  count: number;
}

/**
 * Facet counts are disjunctive, as shops' filter panels need them: each group
 * counts the products that match the terms AND every OTHER group's filter,
 * ignoring its own, so a shopper can tick a second value of a group without
 * unticking the first. With brand A selected the brand facet still lists
 * brand B, counted within the gender and price filters; the gender facet
 * counts within the brand and price filters; the price facet within the brand
 * and gender filters. (`items` and `total` respect every filter.) Only values
 * with a count above zero are listed: brands and genders by count descending
 * then value (code point order), at most {@link BRAND_FACET_SIZE} brands;
 * price bands in ascending band order. Products without a price count in no
 * band.
 */
export interface ProductSearchFacets {
  brands: FacetCount[];
  genders: FacetCount<ProductGender>[];
  priceBands: FacetCount<PriceBandId>[];
  /** Colour families, by count descending then family order. */
  colours: FacetCount<SearchColourId>[];
  /** "On sale": products whose price dropped since `saleSince`, counted within the other groups' filters (absent: none). */
  onSale?: number;
}

export interface ProductSearchResult {
  items: ProductDocument[];
  /** Every product that matches, not just this page. */
  total: number;
  facets: ProductSearchFacets;
}

export interface ProductSuggestion {
  id: string;
  name: string;
}

/**
 * The search service's port to its engine: OpenSearch in distributed mode,
 * PostgreSQL full-text + pg_trgm in embedded mode. Both pass one contract
 * suite (`apps/search/test/product-search-index.int-spec.ts`).
 */
export interface ProductSearchIndex {
  /** Creates the index / checks the table, idempotently. Throws when the engine cannot be reached. */
  ensureReady(): Promise<void>;
  /** Inserts or replaces documents by id; within one call the last copy of an id wins. */
  upsert(docs: readonly ProductDocument[]): Promise<void>;
  /** Removes documents by id; unknown ids are ignored. */
  remove(ids: readonly string[]): Promise<void>;
  /**
   * Rebuilds the index from a complete snapshot, with no downtime: searches
   * keep answering from the old contents until the new ones replace them at
   * once; documents not in the snapshot are gone afterwards. Within the
   * snapshot the last copy of an id wins. Documents written by `upsert` or
   * `remove` on this instance while it loads keep what those calls wrote
   * (events newer than the snapshot win). If the snapshot throws, the index
   * is left as it was and the error is rethrown. `indexed`: the documents in
   * the index when it returns.
   */
  replaceAll(batches: AsyncIterable<readonly ProductDocument[]>): Promise<{ indexed: number }>;
  search(query: ProductSearchQuery): Promise<ProductSearchResult>;
  /**
   * Product names for the header search box, in three tiers: names starting
   * with the prefix; names where every word of the prefix starts a word
   * ("denim jac" finds "Denim Jacket", "jac" finds "Rain Jacket"); names with
   * a word within a small typo of it ("jaket" finds "Denim Jacket"). Prefix
   * matches always come before typo matches; within a tier by name, then id.
   * Names are distinct (case aside): products sharing a name are suggested
   * once, by the first of them. At most `limit` (default 5, max 20); blank
   * prefix → none.
   */
  suggest(prefix: string, limit?: number): Promise<ProductSuggestion[]>;
  /** True when the engine answers and the index exists. Never throws. */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

export const PRODUCT_SEARCH_INDEX = Symbol('PRODUCT_SEARCH_INDEX');

/** A document as an engine stores it: with the garment and colour tags search matches constraints against. */
export type TaggedDocument = ProductDocument & ProductTags;

/**
 * Dedupes by id (last copy wins), normalises `updatedAt` to UTC ISO, as both
 * engines store it, and reads each document's tags (`productTags`).
 */
export function prepareDocuments(docs: readonly ProductDocument[]): TaggedDocument[] {
  const byId = new Map<string, TaggedDocument>();
  for (const doc of docs) {
    byId.delete(doc.id);
    byId.set(doc.id, { ...doc, updatedAt: utcInstant(doc.updatedAt), ...productTags(doc) });
  }
  return [...byId.values()];
}

const COLOUR_ORDER: ReadonlyMap<string, number> = new Map(SEARCH_COLOURS.map((colour, index) => [colour, index]));

/** The colour facet's order in both engines: count descending, then the Colour filter's order. */
export const byCountThenColourOrder = (a: FacetCount<SearchColourId>, b: FacetCount<SearchColourId>): number =>
  b.count - a.count || (COLOUR_ORDER.get(a.value) ?? 0) - (COLOUR_ORDER.get(b.value) ?? 0);

/** The answer to a search that cannot match anything. */
export const EMPTY_RESULT = (): ProductSearchResult => ({ items: [], total: 0, facets: { brands: [], genders: [], priceBands: [], colours: [] } });

export function resolveSuggestionLimit(limit: number | undefined): number {
  const value = Math.trunc(limit ?? DEFAULT_SUGGESTION_LIMIT);
  return Math.min(MAX_SUGGESTION_LIMIT, Math.max(1, Number.isFinite(value) ? value : DEFAULT_SUGGESTION_LIMIT));
}

/** Splits a list into chunks, for bulk writes of bounded size. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}
