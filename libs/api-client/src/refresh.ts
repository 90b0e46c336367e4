import type { AuthSession } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** POST /api/auth/refresh → a new token pair (both rotate). 401 INVALID_REFRESH_TOKEN when the session is over. */
export function refresh(transport: ApiTransport, refreshToken: string, options: CallOptions = {}): Promise<AuthSession> {
  return callRoute(transport, 'refresh', { body: { refreshToken } }, { ...options, auth: 'public' });
}
