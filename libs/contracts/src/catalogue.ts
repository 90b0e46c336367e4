import { z } from 'zod';
import { PriceDrop } from './price-watch';
import { parsePrice, PRICE_FORMAT_MESSAGE } from './price';

export const PRODUCT_GENDERS = ['Women', 'Men', 'Unisex'] as const;
export const ProductGender = z.enum(PRODUCT_GENDERS);
export type ProductGender = z.infer<typeof ProductGender>;

export const CATEGORIES = ['tops', 'bottoms', 'shoes', 'outerwear', 'accessories', 'home'] as const;
export const Category = z.enum(CATEGORIES);
export type Category = z.infer<typeof Category>;

const required = (label: string) => ({ error: `${label} is required` });

/** Longest colour a capture keeps ("Heather Grey / Navy Stripe" fits; a paragraph does not). */
export const MAX_COLOUR_LENGTH = 60;

/**
 * The price field of a save: a JSON number, or the text a shop prints
 * ("$1,299.00", "€49,95", "Was $80 Now $59.99", "$59.99 - $79.99"). Text is
 * read by the same rule the catalogue uses (`parsePrice`), strictly (a price
 * and nothing else: "12 abc" is refused, not read as 12), so anything it
 * cannot read as a finite, non-negative amount is refused here with a
 * message on `data.price`, never stored as "no price".
 */
export const PriceInput = z.union(
  [
    z.number().finite('Price must be a finite amount').nonnegative('Price must not be negative').max(1e9, PRICE_FORMAT_MESSAGE),
    z
      .string()
      .trim()
      .min(1, 'Price is required')
      .max(100, 'Price text is too long')
      .refine((text) => parsePrice(text, { strict: true }).amount !== null, { message: PRICE_FORMAT_MESSAGE }),
  ],
  required('Price'),
);

/**
 * An item as the web app and the extension send it (spec §3 Product / item).
 * Client-side additions (formattedPrice, displayImageUrl, …) are ignored, not refused.
 */
export const ItemInput = z.object({
  name: z.string(required('Name')).trim().min(1, 'Name is required').max(300, 'Name must be at most 300 characters'),
  brand: z.string(required('Brand')).trim().min(1, 'Brand is required').max(200, 'Brand must be at most 200 characters'),
  price: PriceInput,
  image: z.string().trim().max(2048, 'Image URL is too long').optional(),
  imageUrl: z.string().trim().max(2048, 'Image URL is too long').optional(),
  description: z.string().max(5000, 'Description must be at most 5,000 characters').optional(),
  sourceUrl: z.string().trim().max(2048, 'Source URL is too long').optional(),
  gender: z.string().max(50).optional(),
  /** The category the page itself states (the extension reads it with libs/product-extraction); else the server infers it. */
  category: Category.optional(),
  /** The colour the page states ("Navy", "Mid Wash Blue"), as the extension read it or the shopper corrected it. Blank means none. */
  colour: z.string().trim().max(MAX_COLOUR_LENGTH, `Colour must be at most ${MAX_COLOUR_LENGTH} characters`).optional(),
});
export type ItemInput = z.infer<typeof ItemInput>;

/** POST /api/save {data: item}. */
export const SaveItemRequest = z.object({ data: ItemInput }).strict();
export type SaveItemRequest = z.infer<typeof SaveItemRequest>;

/** What a shopper sees of a product: the fields every card, row and quick view shows. */
export const ProductView = z.object({
  id: z.string().uuid(),
  name: z.string(),
  brand: z.string(),
  /** Parsed amount; null when there is no price to show (N/A). */
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
  /** The colour the retailer's page or most savers state; null when none does (search then reads colour words in the name and description). */
  colour: z.string().nullable().default(null),
  updatedAt: z.string(),
  /** The shown price fell in the last 7 days ("Price dropped X%", "On sale"); null or absent otherwise. */
  priceDrop: PriceDrop.nullable().optional(),
  /** False once the retailer's page is gone (404 or 410, twice); absent means available. */
  available: z.boolean().optional(),
});
export type ProductView = z.infer<typeof ProductView>;

/**
 * A shared product as the catalogue derives it from every saver's capture:
 * descriptive fields by agreement, a price robust to one liar, and whether it
 * has earned a place in lists shown to other people.
 */
export const Product = ProductView.extend({
  /** Earned: a supported retailer's page, or two savers agreeing on name and brand. */
  listed: z.boolean(),
  /** Hidden by an administrator from every public list. */
  hidden: z.boolean(),
});
export type Product = z.infer<typeof Product>;
export const Products = z.array(Product);

/** A saved item as My Wardrobe shows it: the saver's own capture plus when they saved it. */
export const WardrobeItem = ProductView.extend({ addedDate: z.string() });
export type WardrobeItem = z.infer<typeof WardrobeItem>;
export const WardrobeItems = z.array(WardrobeItem);

/**
 * One shopper's capture of a product, normalised by the wardrobe when they
 * save it: what they saw on the page. It is theirs; nobody else's capture
 * changes it. `sourceUrl` is the link as captured ('#' without one).
 */
export const Capture = z.object({
  name: z.string().min(1).max(300),
  brand: z.string().min(1).max(200),
  price: z.number().finite().nonnegative().nullable(),
  currency: z.string().max(3).nullable(),
  priceText: z.string().max(100).nullable(),
  imageUrl: z.string().max(2048).nullable(),
  description: z.string().max(5000),
  sourceUrl: z.string().max(2048),
  /** The key that makes two saves the same product (canonical URL, else name + brand); the product id derives from it. */
  productKey: z.string().min(1).max(2100),
  /** The gender the page named, if any. */
  gender: ProductGender.nullable(),
  category: Category,
  /** The colour the page stated, if any (captures from before colours were kept have none). */
  colour: z.string().max(MAX_COLOUR_LENGTH).nullable().default(null),
});
export type Capture = z.infer<typeof Capture>;

/** POST /api/item-feedback {itemId, gender}. */
export const ItemFeedbackRequest = z.object({ itemId: z.string().uuid('Unknown item'), gender: ProductGender }).strict();
export type ItemFeedbackRequest = z.infer<typeof ItemFeedbackRequest>;

/** PUT /api/products/{id}/gender (administrator). */
export const SetProductGenderRequest = z.object({ gender: ProductGender }).strict();
export type SetProductGenderRequest = z.infer<typeof SetProductGenderRequest>;

/** PUT /api/products/{id}/hidden (administrator): moderation, hides or shows a product in every public list. */
export const SetProductHiddenRequest = z.object({ hidden: z.boolean() }).strict();
export type SetProductHiddenRequest = z.infer<typeof SetProductHiddenRequest>;

/**
 * PATCH /api/products/{id} (administrator): corrects the shared descriptive
 * fields. A corrected field stays as the administrator set it, whatever
 * shoppers capture later; `null` hands it back to the savers' agreement.
 */
export const CorrectProductRequest = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(300, 'Name must be at most 300 characters').nullable(),
    brand: z.string().trim().min(1, 'Brand is required').max(200, 'Brand must be at most 200 characters').nullable(),
    // Only http(s): a javascript: or data: URL is a URL too, and would be shown to every shopper.
    imageUrl: z.string().trim().url({ protocol: /^https?$/, error: 'Image URL must be a web address' }).max(2048, 'Image URL is too long').nullable(),
    description: z.string().max(5000, 'Description must be at most 5,000 characters').nullable(),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Name at least one field to correct' });
export type CorrectProductRequest = z.infer<typeof CorrectProductRequest>;

/** Media types of the images the product stores itself (the gateway decodes and re-encodes them before any browser sees one). */
export const STORED_IMAGE_TYPES = ['image/webp', 'image/png', 'image/jpeg', 'image/avif'] as const;
export const StoredImageType = z.enum(STORED_IMAGE_TYPES);
export type StoredImageType = z.infer<typeof StoredImageType>;
/** The largest stored image, as for images fetched by the proxy. */
export const MAX_STORED_IMAGE_BYTES = 4 * 1024 * 1024;

/**
 * An image the catalogue stores itself, as it crosses RPC (GET /api/image/{id}
 * reads it): the bytes in base64, since RPC messages are JSON.
 */
export const StoredImage = z.object({
  contentType: StoredImageType,
  data: z.base64().max(Math.ceil(MAX_STORED_IMAGE_BYTES / 3) * 4),
});
export type StoredImage = z.infer<typeof StoredImage>;

/** A route's product id: anything that is not one is simply not found. */
export const ProductIdParam = z.string().uuid('Item not found');

// Events (payloads). Keys: the product id.
export const CatalogueProductUpserted = z.object({ product: Product });
export type CatalogueProductUpserted = z.infer<typeof CatalogueProductUpserted>;
export const CatalogueProductRemoved = z.object({ productId: z.string().uuid() });
export type CatalogueProductRemoved = z.infer<typeof CatalogueProductRemoved>;
/**
 * A shopper saved a product, or saved it again with a changed capture. The
 * capture rides along, so the catalogue derives the shared product and its
 * price history from events alone. `savedAt` is when this user first saved it.
 */
export const WardrobeItemSaved = z.object({
  userId: z.string(),
  productId: z.string().uuid(),
  savedAt: z.string(),
  capturedAt: z.string(),
  capture: Capture,
});
export type WardrobeItemSaved = z.infer<typeof WardrobeItemSaved>;
export const WardrobeItemRemoved = z.object({ userId: z.string(), productId: z.string().uuid(), removedAt: z.string() });
export type WardrobeItemRemoved = z.infer<typeof WardrobeItemRemoved>;
