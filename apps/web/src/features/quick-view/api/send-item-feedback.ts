import type { ItemFeedbackRequest } from '@closetly/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/item-feedback {itemId, gender}; the bearer token goes along when signed in. */
export function useSendItemFeedback() {
  return useMutation({
    mutationKey: ['item-feedback'],
    mutationFn: (body: ItemFeedbackRequest) => api.sendItemFeedback(body),
  });
}
