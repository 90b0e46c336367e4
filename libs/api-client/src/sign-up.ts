import type { AuthSession, SignUpRequest } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/**
 * POST /api/auth/signup → 201 AuthSession.
 * Errors: 400 VALIDATION_FAILED (with `fields`), 409 EMAIL_TAKEN, 429 RATE_LIMITED.
 */
export function signUp(transport: ApiTransport, body: SignUpRequest, options: CallOptions = {}): Promise<AuthSession> {
  return callRoute(transport, 'signUp', { body }, { ...options, auth: 'public' });
}
