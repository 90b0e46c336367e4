import type { SearchGender } from '@closetly/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cleanProducts } from '@/lib/clean-products';

/** Spec §9: a recent search's row is reused for 5 minutes. */
export const SEARCH_ROW_CACHE_MS = 5 * 60 * 1000;

/**
 * GET /api/search?q={term}&gender=…: Based on Your Search for: {term}, the first page of results in the
 * profile's gender plus Unisex (every gender when `genders` is empty), cleaned as the other rows are.
 */
export function searchRowQueryOptions(term: string, genders: readonly SearchGender[]) {
  return queryOptions({
    queryKey: ['home', 'search', term, genders] as const,
    queryFn: async ({ signal }) => cleanProducts((await api.search({ q: term, gender: genders }, { signal })).products),
    staleTime: SEARCH_ROW_CACHE_MS,
    gcTime: SEARCH_ROW_CACHE_MS,
  });
}
