import type { ListGender } from '@closetly/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cleanProducts } from '@/lib/clean-products';

/** Spec §9: the home rows are cached for 1 hour. */
export const HOME_ROWS_CACHE_MS = 60 * 60 * 1000;

/** GET /api/popular-items?category=all&gender=: Popular Items of the profile's gender plus Unisex, or of every gender. */
export function homePopularQueryOptions(gender: ListGender | undefined) {
  return queryOptions({
    queryKey: ['home', 'popular-items', gender ?? 'all'] as const,
    queryFn: async ({ signal }) => cleanProducts(await api.getPopularItems({ category: 'all', gender }, { signal })),
    staleTime: HOME_ROWS_CACHE_MS,
    gcTime: HOME_ROWS_CACHE_MS,
  });
}
