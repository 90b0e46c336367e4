export * from './words';
export * from './garments';
export * from './colours';
export * from './parse-search-query';
export * from './product-tags';
