import { Profile, type UpdateProfileRequest } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/**
 * PUT /api/profile {full profile} with the bearer token → the stored profile.
 * Errors: 400 VALIDATION_FAILED with `fields` keyed by the dotted path (`measurements.height.secondaryValue`).
 */
export function updateProfile(transport: ApiTransport, body: UpdateProfileRequest, options: CallOptions = {}): Promise<Profile> {
  return transport.request({ ...options, method: 'PUT', path: '/api/profile', body, schema: Profile });
}
