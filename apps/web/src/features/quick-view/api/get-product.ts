import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@closetly/api-client';
import { api } from '@/lib/api-client';

export const productQueryKey = (id: string) => ['product', id] as const;

/** GET /api/products/{id} (no sign-in needed); a 404 is final, not retried. */
export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) => api.getProduct(id, { signal }),
    staleTime: 5 * 60 * 1000,
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 404) && failureCount < 1,
  });
}

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
