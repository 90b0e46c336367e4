export * from './config';
export * from './engine/opensearch-product-index';
export * from './engine/postgres-product-index';
export * from './engine/product-search-index';
export * from './search.module';
export * from './search-tiers';
