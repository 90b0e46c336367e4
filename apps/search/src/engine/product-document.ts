import { PRICE_BANDS } from '@closetly/catalogue-rules';
import { z } from 'zod';

export const PRODUCT_GENDERS = ['Women', 'Men', 'Unisex'] as const;
export const ProductGender = z.enum(PRODUCT_GENDERS);
export type ProductGender = z.infer<typeof ProductGender>;

/**
 * One product as the search index holds it: a copy of the catalogue's
 * product, fed by catalogue events. Text is stored exactly as given (HTML
 * included) and returned unchanged; escaping is the renderer's job.
 */
export const ProductDocument = z.object({
  id: z.string().min(1).max(200),
  name: z.string().min(1),
  brand: z.string().min(1),
  description: z.string(),
  /** Null when the catalogue could not parse a price: such a product is in no price band. */
  price: z.number().finite().nonnegative().nullable(),
  currency: z.string().min(1),
  gender: ProductGender,
  category: z.string().min(1).nullable(),
  imageUrl: z.string(),
  sourceUrl: z.string(),
  retailer: z.string(),
  /** ISO 8601 instant; both engines hand it back normalised to UTC (`toISOString()`). */
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ProductDocument = z.infer<typeof ProductDocument>;

/** Price bands (spec §9), defined once in @closetly/catalogue-rules for every screen and both engines: `min <= price < max`. */
export { PRICE_BANDS };

export type PriceBandId = (typeof PRICE_BANDS)[number]['id'];
export const PriceBandId = z.enum(PRICE_BANDS.map((band) => band.id) as [PriceBandId, ...PriceBandId[]]);
