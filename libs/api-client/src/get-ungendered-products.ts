import { Products, type Product } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/products/ungendered (administrator) → listed products without a gender tag; 403 for anyone else. */
export function getUngenderedProducts(transport: ApiTransport, options: CallOptions = {}): Promise<Product[]> {
  return transport.request({ ...options, method: 'GET', path: '/api/products/ungendered', schema: Products });
}
