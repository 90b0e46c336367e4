import { buyLinkLabel, formatUsd } from '@closetly/catalogue-rules';
import type { ProductView } from '@closetly/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useWardrobe } from '@/features/wardrobe/hooks/use-wardrobe';
import { isUnavailable, priceDropBadge, shownPrice } from '@/lib/price-badges';
import { productImageSrc, showPlaceholderOnError } from '@/lib/product-image';
import { ItemFeedback } from './item-feedback';
import { WardrobeAction } from './wardrobe-action';

/** The price history and target (issue 25): its own chunk, fetched only when a saver opens one of their items. */
const PriceWatchSection = lazy(() => import('@/features/price-watch/components/price-watch-section').then((module) => ({ default: module.PriceWatchSection })));

export interface QuickViewDetailsProps {
  product: ProductView;
  /** Renders the name as this element (the dialog passes its Title; the product page an h1). */
  renderTitle?: (name: string) => ReactNode;
  /** Renders the description (the dialog passes its Description so it is announced). */
  renderDescription?: (text: string) => ReactNode;
}

/** The quick view's content (spec §2), used in the dialog and on /product/{id}. Every text is rendered as text. */
export function QuickViewDetails({ product, renderTitle, renderDescription }: QuickViewDetailsProps) {
  const buy = buyLinkLabel({ sourceUrl: product.sourceUrl, brand: product.brand });
  const description = product.description.trim();
  const colour = product.colour?.trim() ?? '';
  const auth = useAuth();
  const wardrobe = useWardrobe();
  const isSaver = auth.status === 'signedIn' && wardrobe.has(product.id);
  const drop = priceDropBadge(product);

  return (
    <article className="quick-view">
      <div className="quick-view__media">
        <img className="quick-view__image" src={productImageSrc(product)} alt={product.name} onError={showPlaceholderOnError} />
      </div>
      <div className="quick-view__body">
        <p className="quick-view__brand">{product.brand}</p>
        {renderTitle ? renderTitle(product.name) : <h2 className="quick-view__name">{product.name}</h2>}
        <p className="quick-view__price">{formatUsd(shownPrice(product))}</p>
        {drop || isUnavailable(product) ? (
          <p className="quick-view__badges">
            {drop ? <span className="price-badge price-badge--drop">{drop}</span> : null}
            {drop && product.priceDrop ? <span className="quick-view__was">{`was ${formatUsd(product.priceDrop.from)}`}</span> : null}
            {isUnavailable(product) ? <span className="price-badge price-badge--gone">Unavailable</span> : null}
          </p>
        ) : null}
        {/* The colour the retailer's page states (issue 20); nothing when it states none. */}
        {colour ? (
          <p className="quick-view__colour">
            <span className="quick-view__colour-label">Colour:</span> {colour}
          </p>
        ) : null}
        {description ? (
          renderDescription ? (
            renderDescription(description)
          ) : (
            <p className="quick-view__description">{description}</p>
          )
        ) : null}
        <div className="quick-view__actions">
          {buy.disabled || !buy.href ? (
            <button type="button" className="button button--ghost quick-view__action" disabled>
              {buy.label}
            </button>
          ) : (
            <a className="button button--ghost quick-view__action" href={buy.href} target="_blank" rel="noopener noreferrer">
              {buy.label}
            </a>
          )}
          <WardrobeAction product={product} />
        </div>
        {isSaver ? (
          <Suspense fallback={null}>
            <PriceWatchSection key={product.id} productId={product.id} />
          </Suspense>
        ) : null}
        <ItemFeedback key={product.id} itemId={product.id} />
      </div>
    </article>
  );
}
