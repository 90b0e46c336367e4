import { platformTables } from '@closetly/server/db-tables';
import { index, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The wardrobe service's own schema: no other service reads these tables. */
export const wardrobeSchema = pgSchema('wardrobe');

export const { outbox, inbox } = platformTables(wardrobeSchema);
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
  (table) => [primaryKey({ columns: [table.userId, table.productId] }), index('saves_product_idx').on(table.productId), index('saves_user_saved_idx').on(table.userId, table.savedAt)],
);

/**
 * The shared product's classification as the catalogue last published it
 * (catalogue.product-upserted.v1): gender and category can be corrected by
 * an administrator, and the wardrobe shows the corrected ones.
 */
export const productClassifications = wardrobeSchema.table('product_classifications', {
  productId: uuid('product_id').primaryKey(),
  gender: text('gender').notNull(),
  category: text('category').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
