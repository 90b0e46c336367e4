import type { AuthUser } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/auth/me with the bearer token → the signed-in user; 401 when the token is not (or no longer) valid. */
export function me(transport: ApiTransport, options: CallOptions = {}): Promise<AuthUser> {
  return callRoute(transport, 'me', {}, options);
}
