import type { PopularItemsQuery, ProductList } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/**
 * GET /api/popular-items?category=all|accessories&gender=Women|Men (beta token; no sign-in needed) → listed
 * products ranked by active saves. A gender also shows Unisex items; none shows all (it is left out for
 * accessories).
 */
export function getPopularItems(transport: ApiTransport, query: Partial<PopularItemsQuery> = {}, options: CallOptions = {}): Promise<ProductList> {
  return callRoute(transport, 'getPopularItems', { query: { category: query.category ?? 'all', gender: query.gender } }, options);
}
