import { Page } from '@/components/ui/page';
import { SignInForm } from '@/features/auth/components/sign-in-form';

export function SignInRoute() {
  return (
    <Page title="Sign in to your account" className="page--auth">
      <SignInForm />
    </Page>
  );
}
