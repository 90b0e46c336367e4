import { parsePrice } from './price';

/**
 * Cleaning a product list for the home rows and catalogue pages (spec §5
 * "Wardrobe and catalogue"): drop products lacking name, brand or price;
 * de-duplicate by the pair name plus brand, the first kept; a missing image
 * falls back to a placeholder; a missing source link falls back to '#'.
 *
 * Interpretations:
 * - A name or brand is lacking when it is not text or is blank.
 * - A price is lacking when `parsePrice` finds no amount in it: null, blank,
 *   "N/A", "Call for price", "Free" or a negative number are lacking; 0 is
 *   a price. The price itself is passed on unchanged.
 * - The pair is compared without case and with spaces trimmed and collapsed,
 *   so "Cable Knit Cardigan" by "COS" and "cable knit  cardigan " by "cos"
 *   are the same product.
 * - The image is `imageUrl`, else `image` (accessories read `image`, spec §3),
 *   else null: null is the placeholder marker the UI replaces with its
 *   placeholder picture.
 * - A blank or missing `sourceUrl` becomes '#'; any other value is kept (the
 *   buy link decides whether it is usable).
 * Every other field passes through untouched, and the order is kept.
 */

export interface CatalogueProductInput {
  name?: string | null;
  brand?: string | null;
  price?: number | string | null;
  image?: string | null;
  imageUrl?: string | null;
  sourceUrl?: string | null;
}

export type CleanProduct<T extends CatalogueProductInput> = Omit<T, 'name' | 'brand' | 'price' | 'imageUrl' | 'sourceUrl'> & {
  name: string;
  brand: string;
  price: number | string;
  /** The image to show; null means "use the placeholder". */
  imageUrl: string | null;
  sourceUrl: string;
};

const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

const dedupeKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

export function cleanProductList<T extends CatalogueProductInput>(items: readonly T[]): CleanProduct<T>[] {
  const seen = new Set<string>();
  const cleaned: CleanProduct<T>[] = [];
  for (const item of items) {
    const { name, brand, price } = item;
    if (isBlank(name) || isBlank(brand) || price === null || price === undefined || parsePrice(price).amount === null) continue;
    const key = JSON.stringify([dedupeKey(name as string), dedupeKey(brand as string)]);
    if (seen.has(key)) continue;
    seen.add(key);
    const imageUrl = [item.imageUrl, item.image].find((candidate) => !isBlank(candidate)) ?? null;
    cleaned.push({
      ...item,
      name: name as string,
      brand: brand as string,
      price,
      imageUrl,
      sourceUrl: isBlank(item.sourceUrl) ? '#' : (item.sourceUrl as string),
    });
  }
  return cleaned;
}
