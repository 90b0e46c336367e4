import type { ItemInput, WardrobeItem } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/**
 * POST /api/save {data: item} with the bearer token → 200 the saved WardrobeItem.
 * Errors: 400 VALIDATION_FAILED (with `fields`), 401 when not signed in.
 */
export function saveItem(transport: ApiTransport, item: ItemInput, options: CallOptions = {}): Promise<WardrobeItem> {
  return callRoute(transport, 'saveItem', { body: { data: item } }, options);
}
