import { v5 as uuidV5 } from 'uuid';
import { canonicalSourceUrl } from './retailer';

/** The namespace of Closetly product ids (UUIDv5); changing it would give every product a new id. */
export const PRODUCT_ID_NAMESPACE = '3f1c7c2e-6b1d-5a8e-9c4f-2d7b1e0a9c61';

/** Name and brand as one comparable key: case, spacing and Unicode forms aside ("Cable  Knit" by "COS" = "cable knit" by "cos"). */
export function nameBrandKey(name: string, brand: string): string {
  const words = (text: string) => text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return JSON.stringify([words(name), words(brand)]);
}

/**
 * What makes two saves the same product: the canonical page URL when there
 * is one, else name plus brand. Every service that needs a product's identity
 * derives it from this key, so nobody has to ask the catalogue for it.
 */
export function productKey(item: { sourceUrl?: string | null; name: string; brand: string }): string {
  const canonical = canonicalSourceUrl(item.sourceUrl);
  return canonical ? `url:${canonical}` : `name:${nameBrandKey(item.name, item.brand)}`;
}

/** The product id: a UUIDv5 of the product key, the same in every service and on every machine. */
export function productIdFor(key: string): string {
  return uuidV5(key, PRODUCT_ID_NAMESPACE);
}
