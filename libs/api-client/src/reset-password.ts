import type { ResetPasswordRequest } from '@closetly/contracts';
import { NoContent } from './no-content';
import type { ApiTransport, CallOptions } from './transport';

/** POST /api/auth/reset-password {token, password} → 204; 400 INVALID_RESET_TOKEN when the link is invalid or expired. */
export function resetPassword(transport: ApiTransport, body: ResetPasswordRequest, options: CallOptions = {}): Promise<void> {
  return transport.request({
    ...options,
    method: 'POST',
    path: '/api/auth/reset-password',
    body,
    schema: NoContent,
    auth: 'public',
  });
}
