import { formatUsd } from '@closetly/catalogue-rules';
import type { ProductView } from '@closetly/contracts';
import type { ReactNode } from 'react';
import { isUnavailable, priceDropBadge, shownPrice } from '@/lib/price-badges';
import { productImageSrc, showPlaceholderOnError } from '@/lib/product-image';

/** What a card shows of a product (a search result, a saved item, a row's item). */
export type CardProduct = Pick<ProductView, 'name' | 'brand' | 'price' | 'displayImageUrl'> & Partial<Pick<ProductView, 'priceDrop' | 'available'>>;

export interface ProductCardProps<T extends CardProduct> {
  product: T;
  /** The card was clicked: the page opens the quick view. */
  onOpen: (product: T) => void;
  /** Marks the card busy (e.g. while the wardrobe removes it). */
  busy?: boolean;
  /** A control over the card's corner, such as the wardrobe's remove button. */
  action?: ReactNode;
  /** 'div' inside a carousel slide, which is the group; 'li' (default) inside a grid's list. */
  as?: 'li' | 'div';
  /**
   * Shows a Quick View button over the image on hover and focus (the accessories grid, spec §2). It is
   * part of the card's one button, which already opens the quick view, so it adds no second control.
   */
  showQuickViewHint?: boolean;
  /**
   * The image is likely the page's largest paint (the first card of the first row): fetched at once
   * and before the other images, rather than lazily once laid out.
   */
  priority?: boolean;
}

/** A product in a grid (spec §2): image, brand, name and formatted price; clicking it opens the quick view. */
export function ProductCard<T extends CardProduct>({ product, onOpen, busy, action, as: Element = 'li', showQuickViewHint = false, priority = false }: ProductCardProps<T>) {
  const drop = priceDropBadge(product);
  const unavailable = isUnavailable(product);
  return (
    <Element className="product-card" aria-busy={busy || undefined}>
      <button type="button" className="product-card__open" onClick={() => onOpen(product)} aria-label={`Quick view: ${product.name}${drop ? `, ${drop}` : ''}${unavailable ? ', Unavailable' : ''}`}>
        <span className="product-card__media">
          <img
            className="product-card__image"
            src={productImageSrc(product)}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            onError={showPlaceholderOnError}
          />
          {showQuickViewHint ? (
            <span className="product-card__hint" aria-hidden="true">
              Quick View
            </span>
          ) : null}
          {/* Issue 25: read as part of the card's name, after the product's own name. */}
          {drop || unavailable ? (
            <span className="product-card__badges">
              {drop ? <span className="price-badge price-badge--drop">{drop}</span> : null}
              {unavailable ? <span className="price-badge price-badge--gone">Unavailable</span> : null}
            </span>
          ) : null}
        </span>
        <span className="product-card__text">
          <span className="product-card__brand">{product.brand}</span>
          <span className="product-card__name">{product.name}</span>
          <span className="product-card__price">{formatUsd(shownPrice(product))}</span>
        </span>
      </button>
      {action}
    </Element>
  );
}

/** One placeholder card in a card's shape while products load. */
export function ProductCardSkeleton({ as: Element = 'li' }: { as?: 'li' | 'div' }) {
  return (
    <Element className="product-card product-card--skeleton" aria-hidden="true">
      <span className="product-card__media skeleton" />
      <span className="product-card__text">
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line skeleton--short" />
      </span>
    </Element>
  );
}

export interface ProductSkeletonGridProps {
  count: number;
  /** Announced while loading, e.g. "Loading your wardrobe". */
  label: string;
}

/** Placeholder cards in the grid's shape while products load. */
export function ProductSkeletonGrid({ count, label }: ProductSkeletonGridProps) {
  return (
    <ul className="product-grid" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <ProductCardSkeleton key={index} />
      ))}
    </ul>
  );
}
