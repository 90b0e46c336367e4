import { z } from 'zod';
import { PriceBandId, ProductDocument, ProductGender } from './product-document';

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
 *   one term every word must match, in any of name, brand or description
 *   (English stemming, so "jackets" finds "Jacket"). No terms (or only blank
 *   ones) means browse: every product.
 * - Each filter is an OR within itself and the filters AND together. Brands
 *   match exactly (case included): pass back the brand facet's values.
 * - Ranking: a match in the name ranks above one in the brand, above one in
 *   the description; ties (and browsing) are ordered by id, so pages are stable.
 */
export const ProductSearchQuery = z.object({
  terms: z.array(z.string().max(200)).max(32).default([]),
  gender: z.array(ProductGender).optional(),
  brands: z.array(z.string().min(1)).max(100).optional(),
  priceBands: z.array(PriceBandId).optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type ProductSearchQuery = z.input<typeof ProductSearchQuery>;

/** A query with defaults applied, blank and repeated values dropped; what the engines run. */
export interface ResolvedSearchQuery {
  terms: string[];
  gender: ProductGender[];
  brands: string[];
  priceBands: PriceBandId[];
  page: number;
  pageSize: number;
  /** Zero-based index of the page's first item. */
  offset: number;
}

export function resolveSearchQuery(query: ProductSearchQuery): ResolvedSearchQuery {
  const parsed = ProductSearchQuery.parse(query);
  const unique = <T>(values: T[] | undefined): T[] => [...new Set(values ?? [])];
  return {
    terms: unique(parsed.terms.map((term) => term.trim()).filter((term) => term.length > 0)),
    gender: unique(parsed.gender),
    brands: unique(parsed.brands),
    priceBands: unique(parsed.priceBands),
    page: parsed.page,
    pageSize: parsed.pageSize,
    offset: (parsed.page - 1) * parsed.pageSize,
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
 * Facet counts are "within the current result set": they count the products
 * that match the terms AND every filter, including the facet's own filter
 * (so with brand A selected the brand facet shows only A). Only values with a
 * count above zero are listed: brands and genders by count descending then
 * value (code point order), at most {@link BRAND_FACET_SIZE} brands; price
 * bands in ascending band order. Products without a price count in no band.
 */
export interface ProductSearchFacets {
  brands: FacetCount[];
  genders: FacetCount<ProductGender>[];
  priceBands: FacetCount<PriceBandId>[];
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
  search(query: ProductSearchQuery): Promise<ProductSearchResult>;
  /**
   * Product names for the header search box: names with a word starting with
   * the prefix first, then names within a small typo of it ("jaket" finds
   * "Denim Jacket"). At most `limit` (default 5, max 20); blank prefix → none.
   */
  suggest(prefix: string, limit?: number): Promise<ProductSuggestion[]>;
  /** True when the engine answers and the index exists. Never throws. */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

export const PRODUCT_SEARCH_INDEX = Symbol('PRODUCT_SEARCH_INDEX');

/** Dedupes by id (last copy wins) and normalises `updatedAt` to UTC ISO, as both engines store it. */
export function prepareDocuments(docs: readonly ProductDocument[]): ProductDocument[] {
  const byId = new Map<string, ProductDocument>();
  for (const doc of docs) {
    byId.delete(doc.id);
    byId.set(doc.id, { ...doc, updatedAt: new Date(doc.updatedAt).toISOString() });
  }
  return [...byId.values()];
}

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
