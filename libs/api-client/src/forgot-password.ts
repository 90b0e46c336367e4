import { ForgotPasswordResponse } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/** POST /api/auth/forgot-password → 202 `{accepted: true}` whether or not the account exists; 429 RATE_LIMITED. */
export function forgotPassword(transport: ApiTransport, email: string, options: CallOptions = {}): Promise<ForgotPasswordResponse> {
  return transport.request({
    ...options,
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: { email },
    schema: ForgotPasswordResponse,
    auth: 'public',
  });
}
