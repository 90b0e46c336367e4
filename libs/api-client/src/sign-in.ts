import type { AuthSession, SignInRequest } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/**
 * POST /api/auth/signin → 200 AuthSession.
 * Errors: 401 INVALID_CREDENTIALS, 403 ACCOUNT_DISABLED, 429 RATE_LIMITED. An answer without
 * tokens rejects with InvalidResponseError (the screen retries it, spec §9).
 */
export function signIn(transport: ApiTransport, body: SignInRequest, options: CallOptions = {}): Promise<AuthSession> {
  return callRoute(transport, 'signIn', { body }, { ...options, auth: 'public' });
}
