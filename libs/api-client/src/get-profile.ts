import type { Profile } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/profile with the bearer token → the signed-in user's profile (its e-mail is the account's). */
export function getProfile(transport: ApiTransport, options: CallOptions = {}): Promise<Profile> {
  return callRoute(transport, 'getProfile', {}, options);
}
