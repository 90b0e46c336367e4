import { platformTables } from '@closetly/server/db-tables';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, doublePrecision, index, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The catalogue service's own schema: no other service reads these tables. */
export const catalogueSchema = pgSchema('catalogue');

export const { outbox, inbox } = platformTables(catalogueSchema);
export const cataloguePlatformTables = { outbox, inbox };

/**
 * One row per real product, however many users saved it: what the catalogue
 * derives from every saver's capture (see products/product-derivation.ts).
 * The id is the UUIDv5 of the product key, so every service knows it.
 */
export const products = catalogueSchema.table(
  'products',
  {
    id: uuid('id').primaryKey(),
    /** What makes two saves the same product: the canonical source URL, else name + brand (see productKey). */
    productKey: text('dedupe_key').notNull(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    price: doublePrecision('price'),
    currency: text('currency'),
    priceText: text('price_text'),
    imageUrl: text('image_url'),
    description: text('description').notNull().default(''),
    sourceUrl: text('source_url').notNull().default('#'),
    retailer: text('retailer'),
    gender: text('gender').notNull().default('Unisex'),
    /** captures: what savers named it; admin: set by the administrator; default: nobody did (the admin's "missing gender" list). */
    genderSource: text('gender_source').notNull().default('default'),
    category: text('category').notNull().default('home'),
    /** Earned a place in lists shown to other people (a supported retailer, or two savers agreeing). */
    listed: boolean('listed').notNull().default(false),
    /** Hidden by an administrator from every public list. */
    hidden: boolean('hidden').notNull().default(false),
    /** The administrator's corrections of name, brand, image and description; they win over the savers' agreement. */
    corrections: jsonb('corrections').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('products_key_idx').on(table.productKey),
    index('products_missing_gender_idx').on(table.createdAt).where(sql`gender_source = 'default'`),
    index('products_public_idx').on(table.updatedAt).where(sql`listed and not hidden`),
  ],
);

/** Each saver's latest capture of a product (from wardrobe.item-saved.v1): their vote on what it is. */
export const captures = catalogueSchema.table(
  'captures',
  {
    productId: uuid('product_id').notNull(),
    userId: text('user_id').notNull(),
    capture: jsonb('capture').notNull(),
    /** When this user first saved it: the earlier saver wins a tie. */
    firstSavedAt: timestamp('first_saved_at', { withTimezone: true }).notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.userId] }), index('captures_user_idx').on(table.userId)],
);

/** Every capture's price: the price history (later read by price-drop alerts). Append-only. */
export const priceObservations = catalogueSchema.table(
  'price_observations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: uuid('product_id').notNull(),
    userId: text('user_id').notNull(),
    amount: doublePrecision('amount').notNull(),
    currency: text('currency'),
    priceText: text('price_text'),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('price_observations_product_idx').on(table.productId, table.userId, table.observedAt)],
);

/** Shoppers' gender votes from the quick view's feedback area. */
export const genderFeedback = catalogueSchema.table(
  'gender_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    gender: text('gender').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('gender_feedback_product_idx').on(table.productId)],
);
