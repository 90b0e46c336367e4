import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cleanProducts } from '@/lib/clean-products';
import { HOME_ROWS_CACHE_MS } from './get-popular-items';

/** GET /api/recommended-items (signed in): Recommended for You, what shoppers like this one save; one list per account. */
export function recommendedQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ['home', 'recommended-items', uid] as const,
    queryFn: async ({ signal }) => cleanProducts(await api.getRecommendedItems({ signal })),
    staleTime: HOME_ROWS_CACHE_MS,
    gcTime: HOME_ROWS_CACHE_MS,
  });
}
