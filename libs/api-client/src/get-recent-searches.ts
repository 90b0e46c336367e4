import type { RecentSearches } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/recent-searches with the bearer token → the signed-in user's distinct recent search terms, newest first. */
export function getRecentSearches(transport: ApiTransport, options: CallOptions = {}): Promise<RecentSearches> {
  return callRoute(transport, 'getRecentSearches', {}, options);
}
