import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type Caller,
  ON_SALE_LABEL,
  PRICE_BAND_LABELS,
  PRICE_DROP_WINDOW_DAYS,
  SEARCH_COLOUR_LABELS,
  type Product,
  type ReindexSource,
  SEARCH_PAGE_SIZE,
  type SearchQuery,
  type SearchResults,
  type SearchSuggestions,
  SUGGESTION_COUNT,
} from '@closetly/contracts';
import { withoutGenderWords } from '@closetly/catalogue-rules';
import {
  MAX_RESULT_WINDOW,
  PRODUCT_SEARCH_INDEX,
  type ProductDocument,
  type ProductSearchIndex,
  type ProductSearchResult,
  toProductDocument,
  toProductView,
} from './engine/product-search-index';
import { PRODUCT_SOURCES, type ProductSource, type ProductSources } from './rebuild/product-source';
import { SearchError } from './search.errors';
import { searchAsUnderstood } from './search-tiers';
import { searchTerms } from './search-terms';

/** Only listed, not hidden products are searchable (the trust rules): the rest leave the index. */
export const isSearchable = (product: Product): boolean => product.listed && !product.hidden;

/**
 * Search over the catalogue's public products. The index is fed by catalogue
 * events (never by reading the catalogue's tables) and rebuilt on demand from
 * what the catalogue holds now (rebuild/product-source.ts).
 */
@Injectable()
export class SearchService {
  private readonly log = new Logger(SearchService.name);
  /** While a rebuild runs: each product an event changed meanwhile (null = removed), reapplied after the swap. */
  private changedDuringRebuild: Map<string, Product | null> | undefined;

  constructor(
    @Inject(PRODUCT_SEARCH_INDEX) private readonly index: ProductSearchIndex,
    @Inject(PRODUCT_SOURCES) private readonly sources: ProductSources,
  ) {}

  /**
   * A plain search is understood first (`parseSearchQuery`: gender, garment,
   * colour words become constraints) and run in tiers (`searchTiers`), each
   * wider than the last, until one finds enough. A multi-search (a
   * category's keywords) ORs its terms as they are.
   */
  async search(query: SearchQuery, now = new Date()): Promise<SearchResults> {
    const filters = {
      gender: query.gender,
      brands: query.brand,
      priceBands: query.price,
      colours: query.colour,
      // "On sale": the price dropped within the badge's window (the catalogue keeps only the latest drop, dated).
      onSale: query.sale ?? false,
      saleSince: new Date(now.getTime() - PRICE_DROP_WINDOW_DAYS * 24 * 60 * 60_000).toISOString(),
      page: query.page,
      pageSize: SEARCH_PAGE_SIZE,
    };
    let result: ProductSearchResult | undefined;
    if (query.multi) {
      const terms = searchTerms(query.q, true);
      if (terms.length === 0) return emptyResults(query.page);
      result = await this.index.search({ ...filters, terms });
    } else {
      result = await searchAsUnderstood(this.index, query.q, filters);
      if (result === undefined) return emptyResults(query.page);
    }
    return {
      products: result.items.map(toProductView),
      total: result.total,
      page: query.page,
      pageSize: SEARCH_PAGE_SIZE,
      // Pages past the engines' result window cannot be served, so they are not offered.
      pageCount: Math.ceil(Math.min(result.total, MAX_RESULT_WINDOW) / SEARCH_PAGE_SIZE),
      facets: {
        price: result.facets.priceBands.map(({ value, count }) => ({ value, label: PRICE_BAND_LABELS[value], count })),
        gender: result.facets.genders,
        brand: result.facets.brands,
        colour: result.facets.colours.map(({ value, count }) => ({ value, label: SEARCH_COLOUR_LABELS[value], count })),
        sale: result.facets.onSale ? [{ value: '1' as const, label: ON_SALE_LABEL, count: result.facets.onSale }] : [],
      },
    };
  }

  /** Names for the header box; gender words are left out of the prefix ("women jea" suggests jeans), as names rarely hold them. */
  async suggest(prefix: string): Promise<SearchSuggestions> {
    const trimmed = prefix.trim();
    if (trimmed.length === 0) return { suggestions: [] };
    return { suggestions: await this.index.suggest(withoutGenderWords(trimmed), SUGGESTION_COUNT) };
  }

  /** catalogue.product-upserted.v1: index a searchable product, drop any other (unlisted, hidden). */
  async productChanged(product: Product): Promise<void> {
    await this.productsChanged([product]);
  }

  /** A batch of catalogue.product-upserted.v1, in order (a product's last copy wins): one bulk write for the lot. */
  async productsChanged(products: readonly Product[]): Promise<void> {
    const latest = new Map(products.map((product) => [product.id, product] as const));
    for (const [productId, product] of latest) this.changedDuringRebuild?.set(productId, product);
    await this.apply(latest);
  }

  /** catalogue.product-removed.v1 */
  async productRemoved(productId: string): Promise<void> {
    this.changedDuringRebuild?.set(productId, null);
    await this.apply(new Map([[productId, null]]));
  }

  /**
   * Rebuilds the index from the catalogue's products and swaps it in (an
   * administrator's command, for a fresh engine or a mapping change). Searches
   * keep answering from the old index until the swap. Events that arrive
   * meanwhile may land in the old index only, so each is applied again after it.
   */
  async reindex(caller: Caller, from: ReindexSource = 'events'): Promise<{ indexed: number }> {
    if (!caller.roles.includes('admin')) throw new SearchError('FORBIDDEN', 'Unauthorized access.');
    if (this.changedDuringRebuild) throw new SearchError('SERVICE_UNAVAILABLE', 'A reindex is already running; try again when it ends.');
    const changed = new Map<string, Product | null>();
    this.changedDuringRebuild = changed;
    const source = this.sources[from];
    try {
      const { indexed } = await this.index.replaceAll(this.searchablePages(source));
      await this.apply(changed);
      // What other replicas' consumers applied meanwhile, to the old index only: read back from the source.
      const elsewhere = (await source.changedSince?.()) ?? new Map<string, Product | null>();
      await this.apply(elsewhere);
      this.log.log({ indexed, reapplied: changed.size + elsewhere.size }, 'search index rebuilt');
      return { indexed };
    } finally {
      this.changedDuringRebuild = undefined;
    }
  }

  /** Each product as it is now (null: gone): the searchable ones indexed, the others dropped, in one write each. */
  private async apply(changes: ReadonlyMap<string, Product | null>): Promise<void> {
    const searchable = [...changes.values()].filter((product): product is Product => product !== null && isSearchable(product));
    const dropped = [...changes].filter(([, product]) => !(product && isSearchable(product))).map(([productId]) => productId);
    if (searchable.length > 0) await this.index.upsert(searchable.map(toProductDocument));
    if (dropped.length > 0) await this.index.remove(dropped);
  }

  private async *searchablePages(source: ProductSource): AsyncGenerator<ProductDocument[]> {
    for await (const page of source.pages()) yield page.filter(isSearchable).map(toProductDocument);
  }
}

export function emptyResults(page: number): SearchResults {
  return { products: [], total: 0, page, pageSize: SEARCH_PAGE_SIZE, pageCount: 0, facets: { price: [], gender: [], brand: [], colour: [], sale: [] } };
}
