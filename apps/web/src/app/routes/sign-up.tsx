import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { PlaceholderPanel } from '@/components/ui/placeholder-panel';
import { paths } from '@/config/paths';

export function SignUpRoute() {
  return (
    <Page title="Create your account" className="page--narrow">
      <PlaceholderPanel heading="Sign up">
        Creating an account with your email address or a third-party account will be available here.
      </PlaceholderPanel>
      <p className="page__aside">
        Already have an account? <Link to={paths.signIn}>Sign in</Link>
      </p>
    </Page>
  );
}
