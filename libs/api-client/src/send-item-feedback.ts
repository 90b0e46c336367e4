import type { ItemFeedbackRequest } from '@closetly/contracts';
import { NoContent } from './no-content';
import type { ApiTransport, CallOptions } from './transport';

/** POST /api/item-feedback {itemId, gender} → 204. The bearer token is sent when there is one (optional on the server). */
export function sendItemFeedback(transport: ApiTransport, body: ItemFeedbackRequest, options: CallOptions = {}): Promise<void> {
  return transport.request({ ...options, method: 'POST', path: '/api/item-feedback', body, schema: NoContent });
}
