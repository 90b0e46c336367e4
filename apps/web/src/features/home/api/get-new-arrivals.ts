import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cleanProducts } from '@/lib/clean-products';
import { HOME_ROWS_CACHE_MS } from './get-popular-items';

/** GET /api/new-arrivals/{brand}: New from {brand}, the brand's newest products (at most 16). */
export function newArrivalsQueryOptions(brand: string) {
  return queryOptions({
    queryKey: ['home', 'new-arrivals', brand] as const,
    queryFn: async ({ signal }) => cleanProducts(await api.getNewArrivals(brand, { signal })),
    staleTime: HOME_ROWS_CACHE_MS,
    gcTime: HOME_ROWS_CACHE_MS,
  });
}
