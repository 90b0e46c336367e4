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

/**
 * Price bands, defined once for both engines. Each band is `min <= price < max`
 * (a missing bound is open), so the boundaries fall like this:
 *   under-50   price < 50          (49.99 is here)
 *   50-100     50 <= price < 100   (50 and 99.99 are here)
 *   100-200    100 <= price < 200  (100 and 199.99 are here)
 *   over-200   price >= 200        (200 is here)
 * A product without a price is in no band. Prices are compared as numbers,
 * whatever the currency.
 */
export const PRICE_BANDS = [
  { id: 'under-50', label: 'Under $50', min: null, max: 50 },
  { id: '50-100', label: '$50-$100', min: 50, max: 100 },
  { id: '100-200', label: '$100-$200', min: 100, max: 200 },
  { id: 'over-200', label: 'Over $200', min: 200, max: null },
] as const satisfies readonly { id: string; label: string; min: number | null; max: number | null }[];

export type PriceBandId = (typeof PRICE_BANDS)[number]['id'];
export const PriceBandId = z.enum(PRICE_BANDS.map((band) => band.id) as [PriceBandId, ...PriceBandId[]]);
