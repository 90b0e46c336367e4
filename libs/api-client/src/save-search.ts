import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** POST /api/save-search {term} with the bearer token → 204: the term joins the signed-in user's recent searches. */
export function saveSearch(transport: ApiTransport, term: string, options: CallOptions = {}): Promise<void> {
  return callRoute(transport, 'saveSearch', { body: { term } }, options);
}
