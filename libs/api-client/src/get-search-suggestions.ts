import type { SearchSuggestions } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/search/suggestions?q={prefix} (beta token; no sign-in needed) → up to 5 product names with their ids, for the header box. */
export function getSearchSuggestions(transport: ApiTransport, prefix: string, options: CallOptions = {}): Promise<SearchSuggestions> {
  return callRoute(transport, 'getSearchSuggestions', { query: { q: prefix } }, options);
}
