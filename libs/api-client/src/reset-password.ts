import type { ResetPasswordRequest } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** POST /api/auth/reset-password {token, password} → 204; 400 INVALID_RESET_TOKEN when the link is invalid or expired. */
export function resetPassword(transport: ApiTransport, body: ResetPasswordRequest, options: CallOptions = {}): Promise<void> {
  return callRoute(transport, 'resetPassword', { body }, { ...options, auth: 'public' });
}
