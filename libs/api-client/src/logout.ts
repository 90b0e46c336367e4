import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/**
 * POST /api/logout {token: refresh token} with the bearer token → 204. The session is being
 * ended anyway, so a 401 here is not reported to `onUnauthorized`.
 */
export function logout(transport: ApiTransport, refreshToken: string, options: CallOptions = {}): Promise<void> {
  return callRoute(transport, 'logout', { body: { token: refreshToken } }, { reportUnauthorized: false, ...options });
}
