import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { RECENT_SEARCHES_KEY } from './get-recent-searches';

/** POST /api/save-search {term} (signed in): the term joins the user's recent searches, which are then loaded afresh. */
export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['save-search'],
    mutationFn: (term: string) => api.saveSearch(term),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECENT_SEARCHES_KEY }),
    // Remembering the term is a convenience: the search itself goes on.
    onError: (error) => console.warn('Saving the search failed', error),
  });
}
