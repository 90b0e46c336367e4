import { ACCOUNT_DELETED_MESSAGE, type DeleteAccountRequest } from '@closetly/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/features/auth/hooks/use-auth';
import { api } from '@/lib/api-client';
import { withNotice } from '@/lib/route-notice';

/**
 * DELETE /api/account {password?}. Once it is done the account, and every session of it, is gone on the
 * server: the app signs out here only (no logout call is left to make), on the home page, which says so.
 * A refusal (403: wrong password or a sign-in too old) leaves the user signed in.
 */
export function useDeleteAccount() {
  const store = useAuthStore();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) => api.deleteAccount(body),
    onSuccess: () => {
      // Leave first, as Logout does: signing out on /profile would have RequireAuth send the user to /signin.
      void navigate(paths.home, { flushSync: true, state: withNotice('success', ACCOUNT_DELETED_MESSAGE) });
      store.endSessionLocally();
    },
  });
}
