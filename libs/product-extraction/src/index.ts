export { extractProduct, extractProductFromDocument } from './extract-product';
export { documentFromDom, type DomNodeLike } from './html/from-dom';
export type { HtmlDocument } from './html/parse-html';
export type { ExtractedProduct } from './types';
