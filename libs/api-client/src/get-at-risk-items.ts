import { AtRiskItems, type AtRiskItem } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/at-risk-items (administrator) → products without an active save, the most urgent first; 403 for anyone else. */
export function getAtRiskItems(transport: ApiTransport, options: CallOptions = {}): Promise<AtRiskItem[]> {
  return transport.request({ ...options, method: 'GET', path: '/api/at-risk-items', schema: AtRiskItems });
}
