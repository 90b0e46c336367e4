import type { ContestedProduct, Product, ResolveContestRequest } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/admin/contested-products (administrator) → products whose proved savers disagree, with each version; 403 for anyone else. */
export function getContestedProducts(transport: ApiTransport, options: CallOptions = {}): Promise<ContestedProduct[]> {
  return callRoute(transport, 'getContestedProducts', {}, options);
}

/** POST /api/admin/contested-products/{id}/resolve {keep} (administrator) → the product as it now shows. */
export function resolveContest(transport: ApiTransport, productId: string, resolution: ResolveContestRequest, options: CallOptions = {}): Promise<Product> {
  return callRoute(transport, 'resolveContest', { params: { id: productId }, body: resolution }, options);
}
