export * from './categories';
export * from './infer-category';
export * from './price';
export * from './gender';
export * from './retailer';
export * from './catalogue-list';
