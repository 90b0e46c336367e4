export { extractProduct } from './extract-product';
export type { ExtractedProduct } from './types';
