import { ApiError, type SearchQuery } from '@closetly/api-client';
import { SEARCH_PAGE_SIZE, type SearchResults } from '@closetly/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SearchState } from '../lib/search-url';

/** Spec §9: search results are cached for 5 minutes. */
export const SEARCH_CACHE_MS = 5 * 60 * 1000;

/** Spec §7: a search failure yields empty results. */
export const emptyResults = (page: number): SearchResults => ({
  products: [],
  total: 0,
  page,
  pageSize: SEARCH_PAGE_SIZE,
  pageCount: 0,
  facets: { price: [], gender: [], brand: [], colour: [] },
});

/** The API query for a page state; filter values sorted, so the same filters ticked in another order share a cache entry. */
export function toSearchQuery(state: SearchState): SearchQuery {
  const sorted = <T extends string>(values: readonly T[]): T[] => [...values].sort();
  return { q: state.q, page: state.page, price: sorted(state.price), gender: sorted(state.gender), brand: sorted(state.brand), colour: sorted(state.colour), sale: state.sale.length > 0 };
}

export const searchQueryKey = (query: SearchQuery) => ['search', query] as const;

/** GET /api/search for one page of results; a refusal (4xx) is final, anything else is tried once more. */
export function searchQueryOptions(state: SearchState) {
  const query = toSearchQuery(state);
  return queryOptions({
    queryKey: searchQueryKey(query),
    queryFn: ({ signal }) =>
      api.search(query, { signal }).catch((error: unknown) => {
        if (!signal.aborted) console.warn('Search failed; showing no results', error);
        throw error;
      }),
    staleTime: SEARCH_CACHE_MS,
    gcTime: SEARCH_CACHE_MS,
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
  });
}

export interface SearchResultsState {
  /** The answer for these terms, filters and page (empty when the search failed); undefined while it loads. */
  results: SearchResults | undefined;
  /** The latest facet counts and page count, kept while the next answer loads so the panel and page buttons stay put. */
  facets: SearchResults['facets'] | undefined;
  pageCount: number;
}

/** The results page's search; nothing is asked for without terms. */
export function useSearchResults(state: SearchState): SearchResultsState {
  const query = useQuery({ ...searchQueryOptions(state), enabled: state.q !== '', placeholderData: keepPreviousData });
  const latest = query.data;
  const results = query.isError ? emptyResults(state.page) : query.isPlaceholderData ? undefined : latest;
  return { results, facets: latest?.facets, pageCount: latest?.pageCount ?? 0 };
}
