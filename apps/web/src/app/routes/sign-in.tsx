import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { PlaceholderPanel } from '@/components/ui/placeholder-panel';
import { paths } from '@/config/paths';

export function SignInRoute() {
  return (
    <Page title="Sign in to your account" className="page--narrow">
      <PlaceholderPanel heading="Sign in">
        Signing in with your email address and password, or with a third-party account, will be available here.
      </PlaceholderPanel>
      <p className="page__aside">
        New to Closetly? <Link to={paths.signUp}>Create an account</Link>
      </p>
    </Page>
  );
}
