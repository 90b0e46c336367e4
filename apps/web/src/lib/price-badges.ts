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

/**
 * The price a card shows: with a drop, the price it dropped to. A wardrobe item's own price is what its saver
 * captured, which may be the price before the drop; "Price dropped 15%" must sit beside the price it fell to.
 */
export const shownPrice = (product: Pick<ProductView, 'price' | 'priceDrop'>): number | null => product.priceDrop?.to ?? product.price;
