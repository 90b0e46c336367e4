import { erasedAccountsTable, platformTables } from '@closetly/server/db-tables';
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The wardrobe service's own schema: no other service reads these tables. */
export const wardrobeSchema = pgSchema('wardrobe');

export const { outbox, inbox } = platformTables(wardrobeSchema);
/** Deleted accounts whose late events are dropped (see ErasedAccounts). */
export const erasedAccounts = erasedAccountsTable(wardrobeSchema);
export const wardrobePlatformTables = { outbox, inbox };

/**
 * One user's save of one product, with that user's own capture of it (a
 * `Capture`: what they saw on the page). Nobody else's capture changes it.
 */
export const saves = wardrobeSchema.table(
  'saves',
  {
    userId: text('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    capture: jsonb('capture').notNull(),
    /** When this user first saved the product (My Wardrobe's "added" date). */
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    /** When this user last captured it (a save again with a changed page). */
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    index('saves_product_idx').on(table.productId),
    index('saves_user_saved_idx').on(table.userId, table.savedAt),
    // The recommender reads the newest saves of everyone (recommendations/recommendations.repository.ts).
    index('saves_saved_idx').on(table.savedAt),
  ],
);

/**
 * The shared product's classification as the catalogue last published it
 * (catalogue.product-upserted.v1): gender and category can be corrected by
 * an administrator, and the wardrobe shows the corrected ones; with them the
 * product's price-drop badge and availability, which the saver's own capture
 * cannot know.
 */
export const productClassifications = wardrobeSchema.table('product_classifications', {
  productId: uuid('product_id').primaryKey(),
  gender: text('gender').notNull(),
  category: text('category').notNull(),
  /** The shared product's latest price drop (PriceDrop) as the catalogue published it: the wardrobe card's badge and the Sale filter. */
  priceDrop: jsonb('price_drop'),
  /** False once the catalogue found the retailer's page gone. */
  available: boolean('available').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The catalogue's products as its events describe them
 * (catalogue.product-upserted.v1, deleted by catalogue.product-removed.v1):
 * what a ProductView shows, and whether the product may be shown to other
 * people (listed, not hidden). The recommender's candidates and answers come
 * from here, never from the catalogue's tables.
 */
export const catalogueProducts = wardrobeSchema.table(
  'catalogue_products',
  {
    productId: uuid('product_id').primaryKey(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    price: doublePrecision('price'),
    currency: text('currency'),
    priceText: text('price_text'),
    imageUrl: text('image_url'),
    description: text('description').notNull(),
    sourceUrl: text('source_url').notNull(),
    retailer: text('retailer'),
    gender: text('gender').notNull(),
    category: text('category').notNull(),
    /** The catalogue's colour (what most savers stated); null when none did, and for products upserted before colours were kept. */
    colour: text('colour'),
    listed: boolean('listed').notNull(),
    hidden: boolean('hidden').notNull(),
    /** The catalogue's `updatedAt` (when it last changed the product). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('catalogue_products_public_idx').on(table.productId).where(sql`listed and not hidden`)],
);

/**
 * Each shopper's profile as profile.updated.v1 describes it: only what the
 * recommender personalises with (gender, favourite brands, the categories
 * with a filled size).
 */
export const shopperProfiles = wardrobeSchema.table('shopper_profiles', {
  userId: text('user_id').primaryKey(),
  gender: text('gender').notNull(),
  favoriteBrands: jsonb('favorite_brands').notNull(),
  sizedCategories: jsonb('sized_categories').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
