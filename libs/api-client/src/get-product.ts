import type { ProductView } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/**
 * GET /api/products/{id} (beta token; sign-in optional) → the product; 404 NOT_FOUND when there is none
 * for this caller. The access token goes along when there is one, so a saver sees their own capture.
 */
export function getProduct(transport: ApiTransport, productId: string, options: CallOptions = {}): Promise<ProductView> {
  return callRoute(transport, 'getProduct', { params: { id: productId } }, options);
}
