import { ApiError } from '@closetly/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { updateWardrobeItems } from '../lib/update-wardrobe';

export const REMOVE_MUTATION_KEY = ['wardrobe', 'remove'] as const;

/** DELETE /api/remove-from-wardrobe/{id}; a 404 means it is gone already, so it is removed locally too (spec §4). */
export async function removeFromWardrobe(productId: string): Promise<void> {
  try {
    await api.removeFromWardrobe(productId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

/**
 * Deletes, then updates the loaded list and the cache (spec §4). Fails with the API's error when
 * the removal failed, or a WardrobeCacheError when only the local update did.
 */
export function useRemoveFromWardrobe(uid: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: REMOVE_MUTATION_KEY,
    mutationFn: async (productId: string) => {
      await removeFromWardrobe(productId);
      if (uid) updateWardrobeItems(queryClient, uid, (items) => items.filter((item) => item.id !== productId));
    },
  });
}
