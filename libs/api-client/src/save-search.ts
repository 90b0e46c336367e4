import type { SaveSearchRequest } from '@closetly/contracts';
import { NoContent } from './no-content';
import type { ApiTransport, CallOptions } from './transport';

/** POST /api/save-search {term} with the bearer token → 204: the term joins the signed-in user's recent searches. */
export function saveSearch(transport: ApiTransport, term: string, options: CallOptions = {}): Promise<void> {
  const body: SaveSearchRequest = { term };
  return transport.request({ ...options, method: 'POST', path: '/api/save-search', body, schema: NoContent });
}
