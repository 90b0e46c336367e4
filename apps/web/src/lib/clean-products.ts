import { cleanProductList } from '@closetly/catalogue-rules';
import type { ProductView } from '@closetly/contracts';

/**
 * Spec §5 for the home rows and catalogue pages: drops products lacking a name, brand or price, and keeps
 * the first of each name + brand (the catalogue's own rule, `cleanProductList`). The lists answer this way
 * already; search results, which feed rows too, do not. Products are kept as they came, in their order.
 */
export function cleanProducts<T extends ProductView>(products: readonly T[]): T[] {
  const keptIds = new Set(cleanProductList(products).map((product) => product.id));
  return products.filter((product) => keptIds.delete(product.id));
}
