import type { Product } from '@closetly/contracts';

import type { ReindexSource } from '@closetly/contracts';

/** Where a rebuild of the search index reads the catalogue's products from, by what the administrator chose. */
export const PRODUCT_SOURCES = Symbol('PRODUCT_SOURCES');
export type ProductSources = Record<ReindexSource, ProductSource>;

/**
 * Every product the catalogue holds now (searchable or not: the search
 * service decides), a page at a time. Distributed: the compacted product
 * topics (`CompactedTopicsSource`), so a rebuild needs neither the catalogue
 * nor any replica's memory. Embedded: the catalogue's snapshot call, in the
 * same process (`CatalogueSnapshotSource`); the in-process bus keeps no log.
 */
export interface ProductSource {
  pages(): AsyncGenerator<Product[]>;
  /**
   * Each product changed since `pages()` finished (null: removed), where other processes may have
   * applied the change to the old index only (another search replica). Absent: this process saw it all.
   */
  changedSince?(): Promise<Map<string, Product | null>>;
}
