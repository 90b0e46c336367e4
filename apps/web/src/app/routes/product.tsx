import { ApiError } from '@closetly/api-client';
import { Link, useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { siteConfig } from '@/config/site';
import { useProduct } from '@/features/quick-view/api/get-product';
import { QuickViewDetails } from '@/features/quick-view/components/quick-view-details';

/** /product/{id}: the quick view's content as a page (the spec does not show this page). */
export function ProductRoute() {
  const { id = '' } = useParams();
  const product = useProduct(id);

  if (product.isPending) {
    return (
      <Page title="Product">
        <p className="loading-text" role="status">
          Loading...
        </p>
      </Page>
    );
  }

  if (product.isError) {
    const notFound = product.error instanceof ApiError && product.error.status === 404;
    return (
      <Page title={notFound ? 'Product not found' : 'Product'}>
        <div className="product-missing">
          <p>
            {notFound
              ? 'We could not find this item. It may have been removed from the catalogue.'
              : 'We could not load this item right now. Please try again.'}
          </p>
          <p>
            <Link className="button button--primary" to={paths.home}>
              Back to home
            </Link>
          </p>
        </div>
      </Page>
    );
  }

  return (
    <div className="page container product-page">
      <title>{`${product.data.name} · ${siteConfig.name}`}</title>
      <QuickViewDetails product={product.data} renderTitle={(name) => <h1 className="quick-view__name">{name}</h1>} />
    </div>
  );
}
