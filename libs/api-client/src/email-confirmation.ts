import { type ConfirmEmailRequest, EmailStatus } from '@closetly/contracts';
import { NoContent } from './no-content';
import type { ApiTransport, CallOptions } from './transport';

/** POST /api/auth/confirm-email {token} → 204; 400 INVALID_CONFIRMATION_TOKEN when the link is unknown, used or expired. */
export function confirmEmail(transport: ApiTransport, body: ConfirmEmailRequest, options: CallOptions = {}): Promise<void> {
  return transport.request({ ...options, method: 'POST', path: '/api/auth/confirm-email', body, schema: NoContent, auth: 'public' });
}

/** POST /api/auth/confirm-email/resend with the bearer token → 204 (nothing is sent once confirmed); 429 RATE_LIMITED when one was sent a moment ago. */
export function resendConfirmation(transport: ApiTransport, options: CallOptions = {}): Promise<void> {
  return transport.request({ ...options, method: 'POST', path: '/api/auth/confirm-email/resend', schema: NoContent });
}

/** GET /api/auth/email-status with the bearer token → whether the caller's address is confirmed. */
export function getEmailStatus(transport: ApiTransport, options: CallOptions = {}): Promise<EmailStatus> {
  return transport.request({ ...options, method: 'GET', path: '/api/auth/email-status', schema: EmailStatus });
}
