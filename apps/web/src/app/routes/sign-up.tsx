import { Page } from '@/components/ui/page';
import { SignUpForm } from '@/features/auth/components/sign-up-form';

export function SignUpRoute() {
  return (
    <Page title="Create your account" className="page--auth">
      <SignUpForm />
    </Page>
  );
}
