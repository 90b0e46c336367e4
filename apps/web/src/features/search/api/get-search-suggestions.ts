import { SUGGESTION_COUNT, type SearchSuggestions } from '@closetly/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Suggestion = SearchSuggestions['suggestions'][number];

const NO_SUGGESTIONS: readonly Suggestion[] = [];

export const suggestionsQueryKey = (prefix: string) => ['search-suggestions', prefix] as const;

/** GET /api/search/suggestions?q={prefix}: the first 5 names (spec §9), kept as long as results are. */
export function suggestionsQueryOptions(prefix: string) {
  return queryOptions({
    queryKey: suggestionsQueryKey(prefix),
    queryFn: async ({ signal }) => (await api.getSearchSuggestions(prefix, { signal })).suggestions.slice(0, SUGGESTION_COUNT),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

/**
 * Suggestions for a prefix ('' asks for none). The previous list stays while the next one loads, so
 * the list does not flicker as the user types; a failure shows none.
 */
export function useSearchSuggestions(prefix: string): readonly Suggestion[] {
  const query = useQuery({ ...suggestionsQueryOptions(prefix), enabled: prefix !== '', placeholderData: keepPreviousData });
  return prefix !== '' && query.data ? query.data : NO_SUGGESTIONS;
}
