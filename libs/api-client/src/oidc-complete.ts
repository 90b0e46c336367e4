import { AuthSession } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/** POST /api/auth/oidc/complete {loginCode} (from the popup's message) → AuthSession; 400 OIDC_FAILED. */
export function oidcComplete(transport: ApiTransport, loginCode: string, options: CallOptions = {}): Promise<AuthSession> {
  return transport.request({
    ...options,
    method: 'POST',
    path: '/api/auth/oidc/complete',
    body: { loginCode },
    schema: AuthSession,
    auth: 'public',
  });
}
