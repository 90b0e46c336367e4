import { Product, type ProductGender } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/** PUT /api/products/{id}/gender {gender} (administrator) → the product as it now is. */
export function setProductGender(transport: ApiTransport, productId: string, gender: ProductGender, options: CallOptions = {}): Promise<Product> {
  return transport.request({ ...options, method: 'PUT', path: `/api/products/${encodeURIComponent(productId)}/gender`, body: { gender }, schema: Product });
}
