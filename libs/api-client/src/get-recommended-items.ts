import type { ProductList } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/recommended-items with the bearer token → listed products that shoppers like the signed-in user save, none they saved. */
export function getRecommendedItems(transport: ApiTransport, options: CallOptions = {}): Promise<ProductList> {
  return callRoute(transport, 'getRecommendedItems', {}, options);
}
