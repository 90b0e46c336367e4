import type { ItemInput, WardrobeItem } from '@closetly/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { updateWardrobeItems } from '../lib/update-wardrobe';

/** POST /api/save; spec §4: the returned item is appended (newest first, as the server lists them) and the cache updated. */
export function useSaveItem(uid: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['wardrobe', 'save'],
    mutationFn: async (item: ItemInput): Promise<WardrobeItem> => {
      const saved = await api.saveItem(item);
      if (uid) {
        try {
          updateWardrobeItems(queryClient, uid, (items) => [saved, ...items.filter((existing) => existing.id !== saved.id)]);
        } catch (error) {
          // Saved on the server; the list in memory is right, only the cache write failed.
          console.warn('Saved, but the wardrobe cache could not be updated', error);
        }
      }
      return saved;
    },
  });
}
