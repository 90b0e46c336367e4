import { Product } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/products/{id} (beta token only, no sign-in needed) → the Product; 404 NOT_FOUND when there is none. */
export function getProduct(transport: ApiTransport, productId: string, options: CallOptions = {}): Promise<Product> {
  return transport.request({ ...options, method: 'GET', path: `/api/products/${encodeURIComponent(productId)}`, schema: Product, auth: 'public' });
}
