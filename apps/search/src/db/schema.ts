import { platformTables } from '@closetly/server/db-tables';
import { type SQL, sql } from 'drizzle-orm';
import { check, customType, doublePrecision, index, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

/** The search service's own schema: no other service reads these tables. */
export const searchSchema = pgSchema('search');

export const { outbox, inbox } = platformTables(searchSchema);
export const searchPlatformTables = { outbox, inbox };

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The embedded mode's search index (PostgreSQL full-text + pg_trgm): one row
 * per product document. `search_vector` is generated from name (weight A),
 * brand (B) and description (C) with the English configuration; the trigram
 * index on name serves suggestions. The migration creates the pg_trgm extension.
 */
export const products = searchSchema.table(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    description: text('description').notNull(),
    price: doublePrecision('price'),
    currency: text('currency').notNull(),
    gender: text('gender').notNull(),
    category: text('category'),
    imageUrl: text('image_url').notNull(),
    sourceUrl: text('source_url').notNull(),
    retailer: text('retailer').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        // Plain column names: a generated column may only refer to its own row.
        (): SQL =>
          sql`setweight(to_tsvector('english'::regconfig, "name"), 'A') || setweight(to_tsvector('english'::regconfig, "brand"), 'B') || setweight(to_tsvector('english'::regconfig, "description"), 'C')`,
      ),
  },
  (table) => [
    index('products_search_vector_idx').using('gin', table.searchVector),
    index('products_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('products_brand_idx').on(table.brand),
    check('products_gender_check', sql`${table.gender} in ('Women', 'Men', 'Unisex')`),
  ],
);
