import { RecentSearches } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/recent-searches with the bearer token → the signed-in user's distinct recent search terms, newest first. */
export function getRecentSearches(transport: ApiTransport, options: CallOptions = {}): Promise<RecentSearches> {
  return transport.request({ ...options, method: 'GET', path: '/api/recent-searches', schema: RecentSearches });
}
