import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/**
 * POST /api/auth/sign-out-everywhere with the bearer (access) token → 204: every session of the account ends,
 * this one included, so every access, refresh and extension token of it is refused from now on.
 */
export function signOutEverywhere(transport: ApiTransport, options: CallOptions = {}): Promise<void> {
  return callRoute(transport, 'signOutEverywhere', {}, options);
}
