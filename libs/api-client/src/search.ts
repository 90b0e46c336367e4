import type { PriceBand, SearchColour, SearchGender, SearchResults } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** What a search asks for: the terms, and optionally the page (1-based) and filters (OR within a filter, AND across them). */
export interface SearchQuery {
  q: string;
  /** `q` holds terms joined by MULTI_SEARCH_SEPARATOR, and a product matching any of them matches (a category search). */
  isMultiSearch?: boolean;
  page?: number;
  price?: readonly PriceBand[];
  gender?: readonly SearchGender[];
  brand?: readonly string[];
  /** Colour families (SEARCH_COLOURS). */
  colour?: readonly SearchColour[];
  /** Only products on sale (their price dropped in the last 7 days): sent as `sale=1`. */
  sale?: boolean;
}

/**
 * GET /api/search?q=&isMultiSearch=&page=&price=&gender=&brand=&colour=&sale= (beta token; no sign-in needed) → one page
 * of listed products with the total, the page count and the facet counts. Filters repeat their key.
 * An empty `q` answers an empty page; bad parameters are 400 VALIDATION_FAILED.
 */
export function search(transport: ApiTransport, query: SearchQuery, options: CallOptions = {}): Promise<SearchResults> {
  return callRoute(
    transport,
    'search',
    {
      query: {
        q: query.q,
        isMultiSearch: query.isMultiSearch ?? false,
        page: query.page,
        price: query.price,
        gender: query.gender,
        brand: query.brand,
        colour: query.colour,
        sale: query.sale ? '1' : undefined,
      },
    },
    options,
  );
}
