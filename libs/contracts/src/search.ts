import { z } from 'zod';
import { ProductView } from './catalogue';
import { PRICE_BANDS, type PriceBand } from './price';

/**
 * The public search API (spec §7 and issue 10): what the web app sends and
 * receives. The gateway parses query strings with these schemas; the search
 * service's own RPC shapes live in rpc-calls.ts.
 */

export const SEARCH_PAGE_SIZE = 25;
export const MAX_SEARCH_QUERY_LENGTH = 200;
export const SUGGESTION_COUNT = 5;
/** Newest distinct recent searches the API answers (the home page shows 3). */
export const RECENT_SEARCH_COUNT = 10;
export const MAX_FILTER_VALUES = 50;
/** Deepest page anyone may ask for (25 × 400 = the engines' 10,000-result window). */
export const MAX_SEARCH_PAGE = 400;

/** In a multi-search (a category's keywords), terms are joined with this; in a plain search "OR" is just text. */
export const MULTI_SEARCH_SEPARATOR = ' OR ';

/** The "On sale" facet's label. */
export const ON_SALE_LABEL = 'On sale';

export const SEARCH_GENDERS = ['Women', 'Men', 'Unisex'] as const;
export type SearchGender = (typeof SEARCH_GENDERS)[number];
/**
 * The colour families the Colour filter offers, in the order it lists them.
 * Search files every stated or named shade under one or more of them ("Navy"
 * is blue, "Khaki" green and beige); `@closetly/search-query` holds the shades.
 */
export const SEARCH_COLOURS = ['black', 'white', 'grey', 'beige', 'brown', 'red', 'pink', 'orange', 'yellow', 'green', 'blue', 'purple', 'gold', 'silver', 'multi'] as const;
export type SearchColour = (typeof SEARCH_COLOURS)[number];
export const SEARCH_COLOUR_LABELS: Record<SearchColour, string> = {
  black: 'Black', white: 'White', grey: 'Grey', beige: 'Beige', brown: 'Brown', red: 'Red', pink: 'Pink', orange: 'Orange',
  yellow: 'Yellow', green: 'Green', blue: 'Blue', purple: 'Purple', gold: 'Gold', silver: 'Silver', multi: 'Multicolour',
};
const PRICE_BAND_IDS = PRICE_BANDS.map((band) => band.id) as [PriceBand, ...PriceBand[]];

/** A query-string value that may repeat (`brand=A&brand=B`) or come once. */
const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(item).max(MAX_FILTER_VALUES, `At most ${MAX_FILTER_VALUES} values`));

/**
 * GET /api/search query: `q` (empty → no results), `isMultiSearch` ("true":
 * `q` holds terms joined by MULTI_SEARCH_SEPARATOR and a product matching any
 * of them matches), `page` (1-based), and the filters `price`, `gender`,
 * `brand`, `colour` (a colour family), each repeatable (OR within a filter, AND across filters),
 * and `sale=1` ("On sale": products whose shown price dropped in the last PRICE_DROP_WINDOW_DAYS).
 */
export const SearchParams = z
  .object({
    q: z.string().max(MAX_SEARCH_QUERY_LENGTH, `Search terms must be at most ${MAX_SEARCH_QUERY_LENGTH} characters`).default(''),
    isMultiSearch: z.enum(['true', 'false'], { error: 'Must be true or false' }).default('false').transform((value) => value === 'true'),
    page: z.coerce.number({ error: 'Must be a page number' }).int('Must be a page number').min(1, 'Must be a page number').max(MAX_SEARCH_PAGE, `Must be at most ${MAX_SEARCH_PAGE}`).default(1),
    price: repeated(z.enum(PRICE_BAND_IDS, { error: `Must be one of ${PRICE_BAND_IDS.join(', ')}` })),
    gender: repeated(z.enum(SEARCH_GENDERS, { error: `Must be one of ${SEARCH_GENDERS.join(', ')}` })),
    brand: repeated(z.string().trim().min(1, 'Brand is required').max(200, 'Brand must be at most 200 characters')),
    colour: repeated(z.enum(SEARCH_COLOURS, { error: `Must be one of ${SEARCH_COLOURS.join(', ')}` })),
    /** "On sale" (issue 25): `sale=1` (or `true`) keeps the products whose shown price dropped (ProductView.priceDrop). */
    sale: z
      .enum(['1', 'true', '0', 'false'], { error: 'Must be 1 or 0' })
      .optional()
      .transform((value) => value === '1' || value === 'true'),
  })
  .strict();
export type SearchParams = z.infer<typeof SearchParams>;

export const FacetCount = z.object({ value: z.string(), count: z.number().int().nonnegative() });
export type FacetCount = z.infer<typeof FacetCount>;

/**
 * GET /api/search answer: one page of listed products, the total, and facet
 * counts for the filter panel. Each facet group counts within the other
 * groups' filters, not its own, so a second brand (gender, band) can be ticked
 * beside the first; products and total respect every filter.
 */
export const SearchResults = z.object({
  products: z.array(ProductView),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
  facets: z.object({
    price: z.array(FacetCount.extend({ value: z.enum(PRICE_BAND_IDS), label: z.string() })),
    gender: z.array(FacetCount.extend({ value: z.enum(SEARCH_GENDERS) })),
    brand: z.array(FacetCount),
    colour: z.array(FacetCount.extend({ value: z.enum(SEARCH_COLOURS), label: z.string() })).default([]),
    /** "On sale": how many products (within the other filters) dropped in price lately; empty when none did. */
    sale: z.array(FacetCount.extend({ value: z.literal('1'), label: z.string() })).optional(),
  }),
});
export type SearchResults = z.infer<typeof SearchResults>;

/**
 * What the gateway asks of the search service (`search.search`): the
 * parsed query string, with `multi` for isMultiSearch. The service splits
 * `q` into terms and answers an empty page for a blank one.
 */
export const SearchQuery = z
  .object({
    q: z.string().max(MAX_SEARCH_QUERY_LENGTH),
    multi: z.boolean(),
    page: z.number().int().min(1).max(MAX_SEARCH_PAGE),
    price: z.array(z.enum(PRICE_BAND_IDS)).max(MAX_FILTER_VALUES),
    gender: z.array(z.enum(SEARCH_GENDERS)).max(MAX_FILTER_VALUES),
    brand: z.array(z.string().min(1).max(200)).max(MAX_FILTER_VALUES),
    colour: z.array(z.enum(SEARCH_COLOURS)).max(MAX_FILTER_VALUES).default([]),
    /** Only products on sale (a price drop); absent or false: all. */
    sale: z.boolean().optional(),
  })
  .strict();
export type SearchQuery = z.infer<typeof SearchQuery>;

/** GET /api/search/suggestions?q={prefix}: the first SUGGESTION_COUNT names for the header box. */
/**
 * What a rebuild of the search index reads (POST /api/admin/search/reindex?from=): `events`, the default,
 * the catalogue's compacted product topics (any search replica, the catalogue not asked); `catalogue`, the
 * catalogue's own tables through its snapshot call, for when they are the truth and the topics are not
 * (after a database restore: the topics then hold events newer than the dump). The embedded mode keeps no
 * event log: both read the catalogue.
 */
export const REINDEX_SOURCES = ['events', 'catalogue'] as const;
export const ReindexParams = z.object({ from: z.enum(REINDEX_SOURCES, { error: `Must be one of ${REINDEX_SOURCES.join(', ')}` }).default('events') }).strict();
export type ReindexSource = (typeof REINDEX_SOURCES)[number];

export const SuggestionParams = z.object({ q: z.string().max(MAX_SEARCH_QUERY_LENGTH, `Search terms must be at most ${MAX_SEARCH_QUERY_LENGTH} characters`).default('') }).strict();
export const SearchSuggestions = z.object({ suggestions: z.array(z.object({ id: z.string().uuid(), name: z.string() })) });
export type SearchSuggestions = z.infer<typeof SearchSuggestions>;

/** POST /api/save-search {term} (signed in). */
export const SaveSearchRequest = z
  .object({ term: z.string().trim().min(1, 'Search term is required').max(MAX_SEARCH_QUERY_LENGTH, `Search terms must be at most ${MAX_SEARCH_QUERY_LENGTH} characters`) })
  .strict();
export type SaveSearchRequest = z.infer<typeof SaveSearchRequest>;

/** GET /api/recent-searches (signed in): newest first, distinct, at most RECENT_SEARCH_COUNT. */
export const RecentSearches = z.array(z.object({ term: z.string(), searchedAt: z.string() }));
export type RecentSearches = z.infer<typeof RecentSearches>;
