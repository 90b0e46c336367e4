import type { ItemInput, WardrobeItem } from '@closetly/contracts';
import { useMutationState, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { wardrobeQueryOptions } from '../api/get-wardrobe';
import { REMOVE_MUTATION_KEY, useRemoveFromWardrobe } from '../api/remove-from-wardrobe';
import { useSaveItem } from '../api/save-item';
import { WARDROBE_PAGE_STALE_MS } from '../lib/wardrobe-cache';

export interface UseWardrobeOptions {
  /**
   * The wardrobe page's rule (spec §4): refetch on arrival when the wardrobe is empty, was never
   * loaded, or is older than 5 minutes. Elsewhere the 1-hour cache rule alone applies.
   */
  refreshOnVisit?: boolean;
}

export interface Wardrobe {
  items: readonly WardrobeItem[];
  /** The list has been loaded (from the cache or the server). */
  isLoaded: boolean;
  isEmpty: boolean;
  isLoading: boolean;
  isError: boolean;
  /** When the last failed load happened (0 when the last load succeeded), for a message that can expire. */
  errorAt: number;
  has: (productId: string) => boolean;
  isRemoving: (productId: string) => boolean;
  save: (item: ItemInput) => Promise<WardrobeItem>;
  remove: (productId: string) => Promise<void>;
}

const NO_ITEMS: readonly WardrobeItem[] = [];

/** The signed-in user's wardrobe; signed out it is never loaded and always empty. */
export function useWardrobe({ refreshOnVisit = false }: UseWardrobeOptions = {}): Wardrobe {
  const auth = useAuth();
  const uid = auth.status === 'signedIn' ? auth.session.user.uid : null;
  const query = useQuery({
    ...wardrobeQueryOptions(uid ?? ''),
    enabled: uid !== null,
    ...(refreshOnVisit
      ? { staleTime: (q: { state: { data?: WardrobeItem[] } }) => (q.state.data?.length ? WARDROBE_PAGE_STALE_MS : 0) }
      : {}),
  });
  const saveMutation = useSaveItem(uid);
  const removeMutation = useRemoveFromWardrobe(uid);
  const removing = useMutationState({
    filters: { mutationKey: REMOVE_MUTATION_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as string,
  });

  const items = uid !== null && query.data ? query.data : NO_ITEMS;
  const ids = useMemo(() => new Set(items.map((item) => item.id)), [items]);
  const has = useCallback((productId: string) => ids.has(productId), [ids]);
  const isRemoving = useCallback((productId: string) => removing.includes(productId), [removing]);
  const isLoaded = uid !== null && query.data !== undefined;

  return {
    items,
    isLoaded,
    isEmpty: items.length === 0,
    isLoading: uid !== null && query.isPending,
    isError: query.isError,
    errorAt: query.isError ? query.errorUpdatedAt : 0,
    has,
    isRemoving,
    save: saveMutation.mutateAsync,
    remove: removeMutation.mutateAsync,
  };
}
