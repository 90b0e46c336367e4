import type { DeleteAccountRequest } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/**
 * DELETE /api/account {password?} with the bearer token → 204: the account and everything held for it are
 * gone, and every session of it has ended. Errors: 403 REAUTHENTICATION_FAILED when the password is wrong, or
 * when an account without one (third-party sign-in only) signed in more than FRESH_SIGN_IN_MINUTES ago; it is
 * not a sign-out (only a 401 is). 400 VALIDATION_FAILED with `fields` for a bad body.
 */
export function deleteAccount(transport: ApiTransport, body: DeleteAccountRequest, options: CallOptions = {}): Promise<void> {
  return callRoute(transport, 'deleteAccount', { body }, options);
}
