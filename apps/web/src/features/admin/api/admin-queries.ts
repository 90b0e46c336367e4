import type { Product, ProductGender } from '@closetly/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const atRiskKey = ['admin', 'at-risk-items'] as const;
const ungenderedKey = ['admin', 'ungendered-products'] as const;

/** GET /api/at-risk-items and GET /api/products/ungendered, loaded together, never cached between visits (an administrator wants now). */
export function useAdminLists() {
  const options = { staleTime: 0, gcTime: 0, retry: false, refetchOnWindowFocus: false } as const;
  const atRisk = useQuery({ queryKey: atRiskKey, queryFn: ({ signal }) => api.getAtRiskItems({ signal }), ...options });
  const ungendered = useQuery({ queryKey: ungenderedKey, queryFn: ({ signal }) => api.getUngenderedProducts({ signal }), ...options });
  return { atRisk, ungendered };
}

/** The product dialog's two actions; either reloads the ungendered list (a tagged product leaves it). */
export function useProductActions() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ungenderedKey });
  const setGender = useMutation({
    mutationFn: ({ product, gender }: { product: Product; gender: ProductGender }) => api.setProductGender(product.id, gender),
    onSuccess: reload,
  });
  const setHidden = useMutation({
    mutationFn: ({ product, hidden }: { product: Product; hidden: boolean }) => api.setProductHidden(product.id, hidden),
    onSuccess: reload,
  });
  return { setGender, setHidden };
}
