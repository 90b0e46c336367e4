import { buyLinkLabel, formatUsd } from '@closetly/catalogue-rules';
import type { ProductView } from '@closetly/contracts';
import type { ReactNode } from 'react';
import { productImageSrc, showPlaceholderOnError } from '@/lib/product-image';
import { ItemFeedback } from './item-feedback';
import { WardrobeAction } from './wardrobe-action';

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

  return (
    <article className="quick-view">
      <div className="quick-view__media">
        <img className="quick-view__image" src={productImageSrc(product)} alt={product.name} onError={showPlaceholderOnError} />
      </div>
      <div className="quick-view__body">
        <p className="quick-view__brand">{product.brand}</p>
        {renderTitle ? renderTitle(product.name) : <h2 className="quick-view__name">{product.name}</h2>}
        <p className="quick-view__price">{formatUsd(product.price)}</p>
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
        <ItemFeedback key={product.id} itemId={product.id} />
      </div>
    </article>
  );
}
