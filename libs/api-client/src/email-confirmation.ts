import type { ConfirmEmailRequest, EmailStatus } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** POST /api/auth/confirm-email {token} → 204; 400 INVALID_CONFIRMATION_TOKEN when the link is unknown, used or expired. */
export function confirmEmail(transport: ApiTransport, body: ConfirmEmailRequest, options: CallOptions = {}): Promise<void> {
  return callRoute(transport, 'confirmEmail', { body }, { ...options, auth: 'public' });
}

/** POST /api/auth/confirm-email/resend with the bearer token → 204 (nothing is sent once confirmed); 429 RATE_LIMITED when one was sent a moment ago. */
export function resendConfirmation(transport: ApiTransport, options: CallOptions = {}): Promise<void> {
  return callRoute(transport, 'resendConfirmation', {}, options);
}

/** GET /api/auth/email-status with the bearer token → whether the caller's address is confirmed. */
export function getEmailStatus(transport: ApiTransport, options: CallOptions = {}): Promise<EmailStatus> {
  return callRoute(transport, 'getEmailStatus', {}, options);
}
