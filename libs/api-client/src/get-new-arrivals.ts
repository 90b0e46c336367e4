import type { ProductList } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/new-arrivals/{brand} (beta token) → the brand's newest listed products, at most 16. The brand is one path segment. */
export function getNewArrivals(transport: ApiTransport, brand: string, options: CallOptions = {}): Promise<ProductList> {
  return callRoute(transport, 'getNewArrivals', { params: { brand } }, options);
}
