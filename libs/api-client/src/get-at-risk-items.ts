import { AtRiskItems } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/at-risk-items (administrator; anyone else gets 403) → products nobody saves now, the most urgent first. */
export function getAtRiskItems(transport: ApiTransport, options: CallOptions = {}): Promise<AtRiskItems> {
  return transport.request({ ...options, method: 'GET', path: '/api/at-risk-items', schema: AtRiskItems });
}
