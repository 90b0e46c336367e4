import type { AtRiskItem } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/at-risk-items (administrator) → products without an active save, the most urgent first; 403 for anyone else. */
export function getAtRiskItems(transport: ApiTransport, options: CallOptions = {}): Promise<AtRiskItem[]> {
  return callRoute(transport, 'getAtRiskItems', {}, options);
}
