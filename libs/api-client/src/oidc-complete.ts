import type { AuthSession } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** POST /api/auth/oidc/complete {loginCode} (from the popup's message) → AuthSession; 400 OIDC_FAILED. */
export function oidcComplete(transport: ApiTransport, loginCode: string, options: CallOptions = {}): Promise<AuthSession> {
  return callRoute(transport, 'oidcComplete', { body: { loginCode } }, { ...options, auth: 'public' });
}
