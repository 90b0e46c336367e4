import { SystemStatus } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/admin/system (administrator) → each service's outbox backlog and consumer lag, and the dead letters per topic; 403 for anyone else. */
export function getSystemStatus(transport: ApiTransport, options: CallOptions = {}): Promise<SystemStatus> {
  return transport.request({ ...options, method: 'GET', path: '/api/admin/system', schema: SystemStatus });
}
