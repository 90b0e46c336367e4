import type { Product } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/products/ungendered (administrator) → listed products without a gender tag; 403 for anyone else. */
export function getUngenderedProducts(transport: ApiTransport, options: CallOptions = {}): Promise<Product[]> {
  return callRoute(transport, 'getUngenderedProducts', {}, options);
}
