import { ProductList } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/recommended-items with the bearer token → listed products that shoppers like the signed-in user save, none they saved. */
export function getRecommendedItems(transport: ApiTransport, options: CallOptions = {}): Promise<ProductList> {
  return transport.request({ ...options, method: 'GET', path: '/api/recommended-items', schema: ProductList });
}
