import type { Capture, ItemInput, ProductGender } from '@closetly/contracts';
import { captureCategory, normaliseGender, parsePrice, productKey, safeLinkHref, webUrl } from '@closetly/catalogue-rules';

/**
 * A shopper's save, as their capture: the price read (the request schema has
 * already refused text it cannot read), links kept only when they are web
 * links (`webUrl`: http(s), credentials stripped, `http://host:443` dropped;
 * the source link upgraded to https for a supported retailer), the product
 * key that names the product, and the category and gender the page itself
 * suggests.
 */
export function captureFrom(item: ItemInput): Capture {
  const { amount, currency } = parsePrice(item.price);
  const sourceUrl = safeLinkHref(item.sourceUrl) ?? '#';
  const description = item.description?.trim() ?? '';
  const gender: ProductGender | null = item.gender !== undefined && item.gender.trim() !== '' ? normaliseGender(item.gender) : null;
  return {
    name: item.name,
    brand: item.brand,
    price: amount,
    currency,
    priceText: typeof item.price === 'string' ? item.price : null,
    // imageUrl, else image (spec §3): a blank or non-web imageUrl does not hide a usable image, as in catalogue-list.
    imageUrl: webUrl(item.imageUrl) ?? webUrl(item.image),
    description,
    sourceUrl,
    productKey: productKey({ sourceUrl, name: item.name, brand: item.brand }),
    gender,
    // The request schema trims it; a cleared field states no colour (and casts no vote in the catalogue).
    colour: item.colour !== undefined && item.colour !== '' ? item.colour : null,
    // The page's own category when the capture read one; else name, description and the address's path.
    category: item.category ?? captureCategory({ name: item.name, description, sourceUrl }),
  };
}

/** Two captures of one product say the same thing (a save again with nothing new is not a new capture). */
export function sameCapture(a: Capture, b: Capture): boolean {
  const keys = Object.keys(a) as Array<keyof Capture>;
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
