import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <Page title="Page not found" lead="The page you are looking for does not exist or has moved." className="page--narrow">
      <p>
        <Link className="button button--primary" to={paths.home}>
          Back to home
        </Link>
      </p>
    </Page>
  );
}
