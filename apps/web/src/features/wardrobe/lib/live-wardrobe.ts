import type { WardrobeItem } from '@closetly/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { wardrobeQueryKey } from '../api/get-wardrobe';
import { updateWardrobeItems } from './update-wardrobe';

/**
 * What the live events stream (issue 26) does to the wardrobe. Everything that shows the wardrobe (the
 * header's dot, My Wardrobe, the home and category rows, the quick view's Save/Remove) reads the one
 * query, so changing it here updates them all.
 */

/** The loaded list has this product (false while nothing is loaded). */
export function wardrobeHas(queryClient: QueryClient, uid: string, productId: string): boolean {
  return queryClient.getQueryData<WardrobeItem[]>(wardrobeQueryKey(uid))?.some((item) => item.id === productId) ?? false;
}

/**
 * Fetches the whole list again now, whatever the 1-hour cache says (the stream announced a change), and
 * rewrites the cache. A fetch already under way is cancelled for this one: it may predate the change.
 */
export function refetchWardrobe(queryClient: QueryClient, uid: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: wardrobeQueryKey(uid), exact: true, refetchType: 'all' });
}

export function isWardrobeFetching(queryClient: QueryClient, uid: string): boolean {
  return queryClient.isFetching({ queryKey: wardrobeQueryKey(uid), exact: true }) > 0;
}

/** A removal made elsewhere: removed from the list and the cache, which keeps its fetch time (the 1-hour rule). */
export function removeWardrobeItemLocally(queryClient: QueryClient, uid: string, productId: string): void {
  if (!wardrobeHas(queryClient, uid, productId)) return;
  try {
    updateWardrobeItems(queryClient, uid, (items) => items.filter((item) => item.id !== productId));
  } catch (error) {
    // The list in memory is right; only the cache write failed.
    console.warn('Live update: the wardrobe cache could not be updated', error);
  }
}
