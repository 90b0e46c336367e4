import { ApiError } from '@closetly/api-client';
import type { PriceTarget } from '@closetly/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const priceHistoryQueryKey = (productId: string) => ['price-history', productId] as const;
export const priceTargetQueryKey = (productId: string) => ['price-target', productId] as const;

const notRetriedOn4xx = (failureCount: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && failureCount < 1;

/** GET /api/products/{id}/price-history, only asked for by a signed-in saver (anyone else gets 404). */
export function usePriceHistory(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: priceHistoryQueryKey(productId),
    queryFn: ({ signal }) => api.getPriceHistory(productId, { signal }),
    enabled,
    staleTime: 5 * 60 * 1000,
    retry: notRetriedOn4xx,
  });
}

/** GET /api/price-alerts/targets/{id}: the saver's target price for the item. */
export function usePriceTarget(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: priceTargetQueryKey(productId),
    queryFn: ({ signal }) => api.getPriceTarget(productId, { signal }),
    enabled,
    retry: notRetriedOn4xx,
  });
}

/** PUT /api/price-alerts/targets/{id}: sets (a number) or clears (null) the target; the answer is kept as the target. */
export function useSetPriceTarget(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PriceTarget) => api.setPriceTarget(productId, body),
    onSuccess: (saved) => queryClient.setQueryData(priceTargetQueryKey(productId), saved),
  });
}
