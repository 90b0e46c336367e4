import type { ProductView } from '@closetly/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cleanProducts } from '@/lib/clean-products';
import type { CatalogueList, ListSource } from '../lib/catalogue-lists';
import { LIST_CACHE_TTL_MS, isListCacheFresh, readListCache, writeListCache } from '../lib/list-cache';

/** GET /api/popular-items?category=&gender= or GET /api/products/category/{category}?gender=, cleaned as spec §5 says. */
async function fetchList(source: ListSource, signal: AbortSignal): Promise<ProductView[]> {
  const products =
    source.kind === 'popular'
      ? await api.getPopularItems({ category: source.category, gender: source.gender }, { signal })
      : await api.getCategoryProducts(source.category, { gender: source.gender }, { signal });
  return cleanProducts(products);
}

export const catalogueListQueryKey = (cacheKey: string) => ['catalogue-list', cacheKey] as const;

/**
 * A catalogue section's list with the spec's local-storage cache (§3 keys, §9 1 hour): a cached list
 * younger than 1 hour is used without asking the server (it seeds the query with its own time, so with a
 * 1-hour staleTime the query fetches exactly when the cache is missing or older); every fetch rewrites it.
 * A list that keeps stale data (the men's page) is shown from an older cache while it is refreshed, and
 * stays when the refresh fails: a failed query keeps the data it had.
 */
export function catalogueListQueryOptions(list: CatalogueList) {
  return queryOptions({
    queryKey: catalogueListQueryKey(list.cacheKey),
    queryFn: async ({ signal }) => {
      try {
        const products = await fetchList(list.source, signal);
        writeListCache(list.cacheKey, products);
        return products;
      } catch (error) {
        // Spec §7: catalogue pages log errors and leave the section empty (or stale, see above).
        if (!signal.aborted) console.error(`Loading ${list.title} failed`, error);
        throw error;
      }
    },
    staleTime: LIST_CACHE_TTL_MS,
    gcTime: LIST_CACHE_TTL_MS,
    initialData: () => {
      const cache = readListCache(list.cacheKey);
      return cache && (list.keepStaleOnError || isListCacheFresh(cache)) ? cache.items : undefined;
    },
    initialDataUpdatedAt: () => readListCache(list.cacheKey)?.timestamp,
  });
}

const NO_PRODUCTS: readonly ProductView[] = [];

/** A section's products: undefined while the first answer loads, empty when it failed with nothing cached. */
export function useCatalogueList(list: CatalogueList): readonly ProductView[] | undefined {
  const query = useQuery(catalogueListQueryOptions(list));
  if (query.data) return query.data;
  return query.isError ? NO_PRODUCTS : undefined;
}
