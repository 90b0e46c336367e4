import { platformTables } from '@closetly/server/db-tables';
import { index, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The wardrobe service's own schema: no other service reads these tables. */
export const wardrobeSchema = pgSchema('wardrobe');

export const { outbox, inbox } = platformTables(wardrobeSchema);
export const wardrobePlatformTables = { outbox, inbox };

/**
 * One user's save of one product, with the product as the catalogue last
 * described it (kept fresh from catalogue.product-upserted events), so the
 * wardrobe reads without calling another service.
 */
export const saves = wardrobeSchema.table(
  'saves',
  {
    userId: text('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    product: jsonb('product').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] }), index('saves_product_idx').on(table.productId), index('saves_user_saved_idx').on(table.userId, table.savedAt)],
);
