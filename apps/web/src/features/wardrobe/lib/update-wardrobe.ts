import type { WardrobeItem } from '@closetly/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { wardrobeQueryKey } from '../api/get-wardrobe';
import { writeWardrobeCache } from './wardrobe-cache';

/**
 * Applies a local change (an add or a removal) to the loaded list and the local cache. The cache
 * keeps the time of the last full fetch, so the 1-hour rule still counts from the server's list.
 */
export function updateWardrobeItems(queryClient: QueryClient, uid: string, update: (items: WardrobeItem[]) => WardrobeItem[]): void {
  const key = wardrobeQueryKey(uid);
  const state = queryClient.getQueryState<WardrobeItem[]>(key);
  if (state?.data === undefined) {
    // Never loaded: a partial list would pass for the whole wardrobe, so load it instead.
    void queryClient.invalidateQueries({ queryKey: key });
    return;
  }
  const fetchedAt = state.dataUpdatedAt || Date.now();
  const next = update(state.data);
  queryClient.setQueryData<WardrobeItem[]>(key, next, { updatedAt: fetchedAt });
  if (!writeWardrobeCache(uid, next, fetchedAt)) throw new WardrobeCacheError();
}

/** The server change went through but the local cache could not be written. */
export class WardrobeCacheError extends Error {
  override readonly name = 'WardrobeCacheError';
  constructor() {
    super('Failed to update wardrobe after removal.');
  }
}
