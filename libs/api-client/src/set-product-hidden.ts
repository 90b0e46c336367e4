import type { Product } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** PUT /api/products/{id}/hidden {hidden} (administrator) → the product as it now is; a hidden one leaves every public list. */
export function setProductHidden(transport: ApiTransport, productId: string, hidden: boolean, options: CallOptions = {}): Promise<Product> {
  return callRoute(transport, 'setProductHidden', { params: { id: productId }, body: { hidden } }, options);
}
