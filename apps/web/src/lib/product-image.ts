/** Served from apps/web/public. */
export const PRODUCT_PLACEHOLDER_SRC = '/images/product-placeholder.svg';

/**
 * The one place a product's image URL is chosen (spec §7 "Images"): the gateway's signed
 * /api/proxy-image address, or the local placeholder. Never the retailer's own URL: the
 * privacy policy promises no requests to third parties from the browser.
 */
export function productImageSrc(product: { displayImageUrl?: string | null | undefined }): string {
  const url = product.displayImageUrl?.trim();
  return url ? url : PRODUCT_PLACEHOLDER_SRC;
}

/** For an <img onError>: falls back to the placeholder once when the image cannot be loaded. */
export function showPlaceholderOnError(event: { currentTarget: HTMLImageElement }): void {
  const img = event.currentTarget;
  if (!img.src.endsWith(PRODUCT_PLACEHOLDER_SRC)) img.src = PRODUCT_PLACEHOLDER_SRC;
}
