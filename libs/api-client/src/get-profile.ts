import { Profile } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/profile with the bearer token → the signed-in user's profile (its e-mail is the account's). */
export function getProfile(transport: ApiTransport, options: CallOptions = {}): Promise<Profile> {
  return transport.request({ ...options, method: 'GET', path: '/api/profile', schema: Profile });
}
