import type { ForgotPasswordResponse } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** POST /api/auth/forgot-password → 202 `{accepted: true}` whether or not the account exists; 429 RATE_LIMITED. */
export function forgotPassword(transport: ApiTransport, email: string, options: CallOptions = {}): Promise<ForgotPasswordResponse> {
  return callRoute(transport, 'forgotPassword', { body: { email } }, { ...options, auth: 'public' });
}
