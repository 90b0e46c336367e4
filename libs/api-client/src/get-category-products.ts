import type { CategoryListQuery, ListCategory, ProductList } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/**
 * GET /api/products/category/{tops|bottoms|shoes|outerwear|accessories}?gender=Women|Men (beta token) →
 * the category's listed products. A gender also shows Unisex items; accessories are asked for without one.
 */
export function getCategoryProducts(
  transport: ApiTransport,
  category: ListCategory,
  query: CategoryListQuery = {},
  options: CallOptions = {},
): Promise<ProductList> {
  return callRoute(transport, 'getCategoryProducts', { params: { category }, query: { gender: query.gender } }, options);
}
