import { z } from 'zod';

export const PRODUCT_GENDERS = ['Women', 'Men', 'Unisex'] as const;
export const ProductGender = z.enum(PRODUCT_GENDERS);
export type ProductGender = z.infer<typeof ProductGender>;

export const CATEGORIES = ['tops', 'bottoms', 'shoes', 'outerwear', 'accessories', 'home'] as const;
export const Category = z.enum(CATEGORIES);
export type Category = z.infer<typeof Category>;

const required = (label: string) => ({ error: `${label} is required` });

/**
 * An item as the web app and the extension send it (spec §3 Product / item).
 * Client-side additions (formattedPrice, displayImageUrl, …) are ignored, not refused.
 */
export const ItemInput = z.object({
  name: z.string(required('Name')).trim().min(1, 'Name is required').max(300, 'Name must be at most 300 characters'),
  brand: z.string(required('Brand')).trim().min(1, 'Brand is required').max(200, 'Brand must be at most 200 characters'),
  price: z.union([z.number().finite().nonnegative('Price must not be negative'), z.string().trim().min(1, 'Price is required').max(100, 'Price text is too long')], required('Price')),
  image: z.string().trim().max(2048, 'Image URL is too long').optional(),
  imageUrl: z.string().trim().max(2048, 'Image URL is too long').optional(),
  description: z.string().max(5000, 'Description must be at most 5,000 characters').optional(),
  sourceUrl: z.string().trim().max(2048, 'Source URL is too long').optional(),
  gender: z.string().max(50).optional(),
});
export type ItemInput = z.infer<typeof ItemInput>;

/** POST /api/save {data: item}. */
export const SaveItemRequest = z.object({ data: ItemInput }).strict();
export type SaveItemRequest = z.infer<typeof SaveItemRequest>;

/** A product as the catalogue keeps it: one per real product, however many users saved it. */
export const Product = z.object({
  id: z.string().uuid(),
  name: z.string(),
  brand: z.string(),
  /** Parsed amount; null when the text had no price in it. */
  price: z.number().nullable(),
  currency: z.string().nullable(),
  /** The price as the retailer wrote it, when it was text. */
  priceText: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The gateway's signed, resized image address (/api/proxy-image?…); set on answers to clients, never stored. */
  displayImageUrl: z.string().nullable().optional(),
  description: z.string(),
  sourceUrl: z.string(),
  retailer: z.string().nullable(),
  gender: ProductGender,
  category: Category,
  updatedAt: z.string(),
});
export type Product = z.infer<typeof Product>;

/** A saved item as My Wardrobe shows it: the product plus when this user saved it. */
export const WardrobeItem = Product.extend({ addedDate: z.string() });
export type WardrobeItem = z.infer<typeof WardrobeItem>;
export const WardrobeItems = z.array(WardrobeItem);

/** POST /api/item-feedback {itemId, gender}. */
export const ItemFeedbackRequest = z.object({ itemId: z.string().uuid('Unknown item'), gender: ProductGender }).strict();
export type ItemFeedbackRequest = z.infer<typeof ItemFeedbackRequest>;

export const SetProductGenderRequest = z.object({ gender: ProductGender }).strict();
export type SetProductGenderRequest = z.infer<typeof SetProductGenderRequest>;

export const Products = z.array(Product);

// Events (payloads). Keys: the product id.
export const CatalogueProductUpserted = z.object({ product: Product });
export type CatalogueProductUpserted = z.infer<typeof CatalogueProductUpserted>;
export const CatalogueProductRemoved = z.object({ productId: z.string().uuid() });
export type CatalogueProductRemoved = z.infer<typeof CatalogueProductRemoved>;
export const WardrobeItemSaved = z.object({ userId: z.string(), productId: z.string().uuid(), savedAt: z.string() });
export type WardrobeItemSaved = z.infer<typeof WardrobeItemSaved>;
export const WardrobeItemRemoved = z.object({ userId: z.string(), productId: z.string().uuid(), removedAt: z.string() });
export type WardrobeItemRemoved = z.infer<typeof WardrobeItemRemoved>;

export const CATALOGUE_PATTERNS = {
  upsertProduct: 'catalogue.upsert-product',
  getProduct: 'catalogue.get-product',
  recordFeedback: 'catalogue.record-feedback',
  listUngendered: 'catalogue.list-ungendered',
  setGender: 'catalogue.set-gender',
} as const;

export const WARDROBE_PATTERNS = {
  save: 'wardrobe.save',
  list: 'wardrobe.list',
  remove: 'wardrobe.remove',
} as const;
