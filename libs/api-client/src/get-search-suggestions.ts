import { SearchSuggestions } from '@closetly/contracts';
import type { ApiTransport, CallOptions } from './transport';

/** GET /api/search/suggestions?q={prefix} (beta token; no sign-in needed) → up to 5 product names with their ids, for the header box. */
export function getSearchSuggestions(transport: ApiTransport, prefix: string, options: CallOptions = {}): Promise<SearchSuggestions> {
  return transport.request({ ...options, method: 'GET', path: '/api/search/suggestions', query: { q: prefix }, schema: SearchSuggestions });
}
