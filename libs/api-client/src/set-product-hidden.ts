import { Product } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/** PUT /api/products/{id}/hidden {hidden} (administrator) → the product as it now is; a hidden one leaves every public list. */
export function setProductHidden(transport: ApiTransport, productId: string, hidden: boolean, options: CallOptions = {}): Promise<Product> {
  return transport.request({ ...options, method: 'PUT', path: `/api/products/${encodeURIComponent(productId)}/hidden`, body: { hidden }, schema: Product });
}
