export * from './categories';
export * from './infer-category';
export * from './price';
export * from './gender';
export * from './retailer';
export * from './supported-retailers';
export * from './product-identity';
export * from './catalogue-list';
