import type { Profile, UpdateProfileRequest } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/**
 * PUT /api/profile {full profile} with the bearer token → the stored profile.
 * Errors: 400 VALIDATION_FAILED with `fields` keyed by the dotted path (`measurements.height.secondaryValue`).
 */
export function updateProfile(transport: ApiTransport, body: UpdateProfileRequest, options: CallOptions = {}): Promise<Profile> {
  return callRoute(transport, 'updateProfile', { body }, options);
}
