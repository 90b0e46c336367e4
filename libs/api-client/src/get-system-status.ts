import type { SystemStatus } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/admin/system (administrator) → each service's outbox backlog and consumer lag, and the dead letters per topic; 403 for anyone else. */
export function getSystemStatus(transport: ApiTransport, options: CallOptions = {}): Promise<SystemStatus> {
  return callRoute(transport, 'getSystemStatus', {}, options);
}
