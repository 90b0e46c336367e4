import { AuthUser } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/auth/me with the bearer token → the signed-in user; 401 when the token is not (or no longer) valid. */
export function me(transport: ApiTransport, options: CallOptions = {}): Promise<AuthUser> {
  return transport.request({ ...options, method: 'GET', path: '/api/auth/me', schema: AuthUser });
}
