import { PRICE_BANDS } from '@closetly/catalogue-rules';
import { Category, PRODUCT_GENDERS, PriceDrop, type Product, ProductGender, type ProductView } from '@closetly/contracts';
import { z } from 'zod';

export { PRODUCT_GENDERS, ProductGender };

/**
 * One product as the search index holds it: every field of the catalogue's
 * `ProductView`, so the search service answers product cards without asking
 * the catalogue. Fed by catalogue events (`toProductDocument`); text is
 * stored exactly as given (HTML included) and returned unchanged, escaping is
 * the renderer's job. Only the id's shape is looser than the view's (any
 * short string, not only a UUID), so tests can name documents plainly.
 */
export const ProductDocument = z.object({
  id: z.string().min(1).max(200),
  name: z.string().min(1),
  brand: z.string().min(1),
  /** Null when the catalogue could not parse a price: such a product is in no price band. */
  price: z.number().finite().nonnegative().nullable(),
  currency: z.string().nullable(),
  /** The price as the retailer wrote it, when it was text. */
  priceText: z.string().nullable(),
  imageUrl: z.string().nullable(),
  description: z.string(),
  sourceUrl: z.string(),
  retailer: z.string().nullable(),
  gender: ProductGender,
  category: Category,
  /** The colour the catalogue states for the product, null when none. */
  colour: z.string().nullable().default(null),
  /** ISO 8601 instant; both engines hand it back normalised to UTC (`toISOString()`). */
  updatedAt: z.iso.datetime({ offset: true }),
  /** The catalogue's latest drop of the shown price; "On sale" while its `since` is within the window. */
  priceDrop: PriceDrop.nullable().optional(),
  /** False once the retailer's page is gone. */
  available: z.boolean().optional(),
});
export type ProductDocument = z.infer<typeof ProductDocument>;

/**
 * The document the index keeps for a catalogue product: the view's fields,
 * without `listed` and `hidden` (whether a product belongs in the index at
 * all is the search service's rule, not the document's) and without
 * `displayImageUrl` (signed per answer, never stored). `updatedAt` is
 * normalised to UTC; an unreadable one throws.
 */
export function toProductDocument(product: Product): ProductDocument {
  return {
    id: product.id,
    name: product.name,
    brand: product.brand,
    price: product.price,
    currency: product.currency,
    priceText: product.priceText,
    imageUrl: product.imageUrl,
    description: product.description,
    sourceUrl: product.sourceUrl,
    retailer: product.retailer,
    gender: product.gender,
    category: product.category,
    colour: product.colour,
    updatedAt: utcInstant(product.updatedAt),
    priceDrop: product.priceDrop ?? null,
    available: product.available ?? true,
  };
}

/** What a shopper sees of an indexed product: exactly the view's fields, nothing an engine added. */
export function toProductView(doc: ProductDocument): ProductView {
  return {
    id: doc.id,
    name: doc.name,
    brand: doc.brand,
    price: doc.price,
    currency: doc.currency,
    priceText: doc.priceText,
    imageUrl: doc.imageUrl,
    description: doc.description,
    sourceUrl: doc.sourceUrl,
    retailer: doc.retailer,
    gender: doc.gender,
    category: doc.category,
    colour: doc.colour,
    updatedAt: doc.updatedAt,
    priceDrop: doc.priceDrop ?? null,
    available: doc.available ?? true,
  };
}

/** `2025-04-02T10:30:00+02:00` → `2025-04-02T08:30:00.000Z`. */
export function utcInstant(value: string): string {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw new RangeError(`Not an instant: ${JSON.stringify(value)}`);
  return time.toISOString();
}

/** Price bands (spec §9), defined once in @closetly/catalogue-rules for every screen and both engines: `min <= price < max`. */
export { PRICE_BANDS };

export type PriceBandId = (typeof PRICE_BANDS)[number]['id'];
export const PriceBandId = z.enum(PRICE_BANDS.map((band) => band.id) as [PriceBandId, ...PriceBandId[]]);
