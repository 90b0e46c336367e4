import type { WardrobeItem } from '@closetly/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { WARDROBE_CACHE_TTL_MS, isCacheFresh, readWardrobeCache, writeWardrobeCache } from '../lib/wardrobe-cache';

export const wardrobeQueryKey = (uid: string) => ['wardrobe', uid] as const;

/** GET /api/get-wardrobe; every full fetch rewrites the local cache with a new timestamp. */
export async function fetchWardrobe(uid: string, signal?: AbortSignal): Promise<WardrobeItem[]> {
  const items = await api.getWardrobe({ signal });
  const now = Date.now();
  writeWardrobeCache(uid, items, now, now);
  return items;
}

/**
 * Spec §4: loaded from the local cache when it is younger than 1 hour, otherwise fetched. The cache
 * seeds the query with its own timestamp, so with a 1-hour staleTime TanStack Query fetches exactly
 * when the cache is missing or older than that.
 */
export function wardrobeQueryOptions(uid: string) {
  return queryOptions({
    queryKey: wardrobeQueryKey(uid),
    queryFn: ({ signal }) => fetchWardrobe(uid, signal),
    staleTime: WARDROBE_CACHE_TTL_MS,
    initialData: () => {
      const cache = readWardrobeCache(uid);
      return cache && isCacheFresh(cache) ? cache.items : undefined;
    },
    initialDataUpdatedAt: () => readWardrobeCache(uid)?.cacheTimestamp,
  });
}
