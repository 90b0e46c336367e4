import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** DELETE /api/remove-from-wardrobe/{id} with the bearer token → 204; 404 NOT_FOUND for an unknown id or another user's item. */
export function removeFromWardrobe(transport: ApiTransport, productId: string, options: CallOptions = {}): Promise<void> {
  return callRoute(transport, 'removeFromWardrobe', { params: { id: productId } }, options);
}
