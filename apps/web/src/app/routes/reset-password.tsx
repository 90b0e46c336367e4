import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** Where the password-reset e-mail links to: /reset-password?token=… */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  return (
    <Page title="Reset your password" lead="Choose a new password for your account." className="page--auth">
      <ResetPasswordForm token={token} />
    </Page>
  );
}
