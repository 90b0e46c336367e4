import type { ProductView } from '@closetly/contracts';

/** What a card's badges read of a product. */
export type BadgeProduct = Pick<ProductView, 'priceDrop' | 'available'>;

/** "Price dropped 15%" while the shown price fell in the last 7 days; null otherwise. */
export function priceDropBadge(product: BadgeProduct): string | null {
  return product.priceDrop ? `Price dropped ${product.priceDrop.percent}%` : null;
}

/** The retailer's page is gone: absent means available. */
export const isUnavailable = (product: BadgeProduct): boolean => product.available === false;

/** "On sale" (the Sale filter): the price-drop badge shows. */
export const isOnSale = (product: BadgeProduct): boolean => Boolean(product.priceDrop);
