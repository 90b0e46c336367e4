import { platformTables } from '@closetly/server/db-tables';
import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The catalogue service's own schema: no other service reads these tables. */
export const catalogueSchema = pgSchema('catalogue');

export const { outbox, inbox } = platformTables(catalogueSchema);
export const cataloguePlatformTables = { outbox, inbox };

/** One row per real product, however many users saved it (spec: items collected from user saves). */
export const products = catalogueSchema.table(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What makes two saves the same product: the canonical source URL, else name + brand. */
    dedupeKey: text('dedupe_key').notNull(),
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
    /** item: the saved item named it; admin: set by the administrator; default: nobody did (the admin's "missing gender" list). */
    genderSource: text('gender_source').notNull().default('default'),
    category: text('category').notNull().default('home'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_dedupe_key').on(table.dedupeKey),
    index('products_missing_gender_idx').on(table.createdAt).where(sql`gender_source = 'default'`),
  ],
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
