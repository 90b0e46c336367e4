import type { Product, ProductGender } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** PUT /api/products/{id}/gender {gender} (administrator) → the product as it now is. */
export function setProductGender(transport: ApiTransport, productId: string, gender: ProductGender, options: CallOptions = {}): Promise<Product> {
  return callRoute(transport, 'setProductGender', { params: { id: productId }, body: { gender } }, options);
}
