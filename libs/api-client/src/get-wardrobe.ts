import type { WardrobeItem } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/get-wardrobe with the bearer token → the signed-in user's saved items, newest first. */
export function getWardrobe(transport: ApiTransport, options: CallOptions = {}): Promise<WardrobeItem[]> {
  return callRoute(transport, 'getWardrobe', {}, options);
}
