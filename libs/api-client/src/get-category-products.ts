import { ProductList, type CategoryListQuery, type ListCategory } from '@closetly/contracts';
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
  return transport.request({
    ...options,
    method: 'GET',
    path: `/api/products/category/${encodeURIComponent(category)}`,
    query: { gender: query.gender },
    schema: ProductList,
  });
}
