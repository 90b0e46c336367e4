import { WardrobeItems, type WardrobeItem } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/get-wardrobe with the bearer token → the signed-in user's saved items, newest first. */
export function getWardrobe(transport: ApiTransport, options: CallOptions = {}): Promise<WardrobeItem[]> {
  return transport.request({ ...options, method: 'GET', path: '/api/get-wardrobe', schema: WardrobeItems });
}
