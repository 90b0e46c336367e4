import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../hooks/use-auth';
import { api } from '@/lib/api-client';

export const emailStatusQueryKey = (uid: string) => ['auth', 'email-status', uid] as const;

/** GET /api/auth/email-status: whether the signed-in user's address is confirmed; never asked signed out. */
export function useEmailStatus() {
  const auth = useAuth();
  const uid = auth.status === 'signedIn' ? auth.session.user.uid : null;
  return useQuery({
    queryKey: emailStatusQueryKey(uid ?? ''),
    queryFn: ({ signal }) => api.getEmailStatus({ signal }),
    enabled: uid !== null,
    // Confirmed in another tab (the mail's link): looked at again when the shopper comes back.
    staleTime: 60_000,
  });
}

/** POST /api/auth/confirm-email with the token from the e-mailed link; the status is asked again after it. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'confirm-email'],
    mutationFn: (token: string) => api.confirmEmail({ token }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['auth', 'email-status'] }),
  });
}

/** POST /api/auth/confirm-email/resend. */
export function useResendConfirmation() {
  return useMutation({ mutationKey: ['auth', 'resend-confirmation'], mutationFn: () => api.resendConfirmation() });
}
