import type { NotificationList } from '@closetly/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { api } from '@/lib/api-client';
import { markRead } from '../lib/notification-text';

export const notificationsQueryKey = (uid: string) => ['notifications', uid] as const;

/** How often a signed-in page asks for new notifications, besides when the window regains focus (no push service). */
export const NOTIFICATIONS_REFRESH_MS = 5 * 60 * 1000;

/** GET /api/notifications for the signed-in user; nothing is asked for signed out. A failure counts as no news (no dot). */
export function useNotifications() {
  const auth = useAuth();
  const uid = auth.status === 'signedIn' ? auth.session.user.uid : null;
  return useQuery({
    queryKey: notificationsQueryKey(uid ?? ''),
    queryFn: ({ signal }) => api.getNotifications({ signal }),
    enabled: uid !== null,
    staleTime: 60 * 1000,
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    retry: false,
  });
}

/** POST /api/notifications/read: these ids, or every one; the list shows them read at once. */
export function useMarkNotificationsRead(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => api.markNotificationsRead(ids ? { ids } : {}),
    onMutate: (ids) => {
      queryClient.setQueryData<NotificationList>(notificationsQueryKey(uid), (list) => (list ? markRead(list, ids) : list));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey(uid) }),
  });
}
