import { FormAlert } from '@/components/ui/form-alert';
import { Page } from '@/components/ui/page';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { useAuth } from '@/features/auth/hooks/use-auth';

/**
 * Spec §2 and §5: only administrators (role `admin` on the session user; the server checks again
 * with the admin issue) see the dashboard. RequireAuth has already made sure someone is signed in.
 */
export function AdminRoute() {
  const auth = useAuth();
  const isAdmin = auth.status === 'signedIn' && auth.session.user.roles.includes('admin');

  if (!isAdmin) {
    return (
      <Page title="Admin Dashboard">
        <FormAlert tone="error">
          Unauthorized access.
        </FormAlert>
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
