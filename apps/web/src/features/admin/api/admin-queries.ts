import type { Product, ProductGender, ResolveContestRequest } from '@closetly/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const atRiskKey = ['admin', 'at-risk-items'] as const;
const ungenderedKey = ['admin', 'ungendered-products'] as const;
const contestedKey = ['admin', 'contested-products'] as const;
const systemKey = ['admin', 'system'] as const;

/** GET /api/at-risk-items, GET /api/products/ungendered and GET /api/admin/contested-products, loaded together, never cached between visits (an administrator wants now). */
export function useAdminLists() {
  const options = { staleTime: 0, gcTime: 0, retry: false, refetchOnWindowFocus: false } as const;
  const atRisk = useQuery({ queryKey: atRiskKey, queryFn: ({ signal }) => api.getAtRiskItems({ signal }), ...options });
  const ungendered = useQuery({ queryKey: ungenderedKey, queryFn: ({ signal }) => api.getUngenderedProducts({ signal }), ...options });
  const contested = useQuery({ queryKey: contestedKey, queryFn: ({ signal }) => api.getContestedProducts({ signal }), ...options });
  return { atRisk, ungendered, contested };
}

/** GET /api/admin/system for the System panel: loaded with the lists, on its own (its failure leaves the lists alone), never cached. */
export function useSystemStatus() {
  return useQuery({ queryKey: systemKey, queryFn: ({ signal }) => api.getSystemStatus({ signal }), staleTime: 0, gcTime: 0, retry: false, refetchOnWindowFocus: false });
}

/** The product dialog's two actions; either reloads the ungendered list (a tagged product leaves it) and the at-risk list (its products' state shows in their dialogs). */
export function useProductActions() {
  const queryClient = useQueryClient();
  const reload = () => Promise.all([queryClient.invalidateQueries({ queryKey: ungenderedKey }), queryClient.invalidateQueries({ queryKey: atRiskKey })]);
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

/** Settles a contest (keep the page's version, a saver's, or hide); the contested list reloads (a settled product leaves it). */
export function useResolveContest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, resolution }: { productId: string; resolution: ResolveContestRequest }) => api.resolveContest(productId, resolution),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contestedKey }),
  });
}
