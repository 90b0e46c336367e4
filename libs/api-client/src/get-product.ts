import { ProductView } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/**
 * GET /api/products/{id} (beta token; sign-in optional) → the product; 404 NOT_FOUND when there is none
 * for this caller. The access token goes along when there is one, so a saver sees their own capture.
 */
export function getProduct(transport: ApiTransport, productId: string, options: CallOptions = {}): Promise<ProductView> {
  return transport.request({ ...options, method: 'GET', path: `/api/products/${encodeURIComponent(productId)}`, schema: ProductView });
}
