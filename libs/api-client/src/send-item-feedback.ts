import type { ItemFeedbackRequest } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** POST /api/item-feedback {itemId, gender} → 204. The bearer token is sent when there is one (optional on the server). */
export function sendItemFeedback(transport: ApiTransport, body: ItemFeedbackRequest, options: CallOptions = {}): Promise<void> {
  return callRoute(transport, 'sendItemFeedback', { body }, options);
}
