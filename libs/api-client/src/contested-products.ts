import { ContestedProducts, type ContestedProduct, Product, type ResolveContestRequest } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/admin/contested-products (administrator) → products whose proved savers disagree, with each version; 403 for anyone else. */
export function getContestedProducts(transport: ApiTransport, options: CallOptions = {}): Promise<ContestedProduct[]> {
  return transport.request({ ...options, method: 'GET', path: '/api/admin/contested-products', schema: ContestedProducts });
}

/** POST /api/admin/contested-products/{id}/resolve {keep} (administrator) → the product as it now shows. */
export function resolveContest(transport: ApiTransport, productId: string, resolution: ResolveContestRequest, options: CallOptions = {}): Promise<Product> {
  return transport.request({ ...options, method: 'POST', path: `/api/admin/contested-products/${encodeURIComponent(productId)}/resolve`, body: resolution, schema: Product });
}
