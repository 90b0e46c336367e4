import { FormAlert } from '@/components/ui/form-alert';
import { Page } from '@/components/ui/page';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { useEmailStatus } from '@/features/auth/api/email-confirmation';
import { useAuth } from '@/features/auth/hooks/use-auth';

/** Why a signed-in account is refused when its address is unconfirmed (ADMIN_EMAILS counts only confirmed addresses). */
export const UNCONFIRMED_ADMIN_MESSAGE = 'Administrator access needs a confirmed e-mail address. Confirm yours with the link we sent, then sign in again.';

/**
 * Spec §2 and §5: only administrators (role `admin` on the session user; the server checks again
 * with the admin issue) see the dashboard. RequireAuth has already made sure someone is signed in.
 */
export function AdminRoute() {
  const auth = useAuth();
  const isAdmin = auth.status === 'signedIn' && auth.session.user.roles.includes('admin');
  const emailStatus = useEmailStatus();

  if (!isAdmin) {
    return (
      <Page title="Admin Dashboard">
        <FormAlert tone="error">Unauthorized access.</FormAlert>
        {emailStatus.data && !emailStatus.data.confirmed ? <p className="admin__why">{UNCONFIRMED_ADMIN_MESSAGE}</p> : null}
      </Page>
    );
  }

  return (
    <Page
      title="Admin Dashboard - At Risk Items"
      lead="Items with no active saves are deleted after 30 days of inactivity."
    >
      <AdminDashboard />
    </Page>
  );
}
