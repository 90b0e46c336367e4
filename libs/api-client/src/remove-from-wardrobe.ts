import { NoContent } from './no-content';
import type { ApiTransport, CallOptions } from './transport';

/** DELETE /api/remove-from-wardrobe/{id} with the bearer token → 204; 404 NOT_FOUND for an unknown id or another user's item. */
export function removeFromWardrobe(transport: ApiTransport, productId: string, options: CallOptions = {}): Promise<void> {
  return transport.request({
    ...options,
    method: 'DELETE',
    path: `/api/remove-from-wardrobe/${encodeURIComponent(productId)}`,
    schema: NoContent,
  });
}
