import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/price-alerts/unsubscribe {token}: no sign-in, no beta code (the mail's link is the proof). */
export function useUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => api.unsubscribePriceAlerts(token) });
}
