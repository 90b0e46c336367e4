import { platformTables } from '@closetly/server/db-tables';
import { type SQL, sql } from 'drizzle-orm';
import { boolean, check, customType, doublePrecision, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The search service's own schema: no other service reads these tables. */
export const searchSchema = pgSchema('search');

export const { outbox, inbox } = platformTables(searchSchema);
export const searchPlatformTables = { outbox, inbox };

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The text search configuration of the index (created by migration 0002):
 * PostgreSQL's English parser and Snowball English stemmer, the stemmer
 * OpenSearch's `porter2` is, without PostgreSQL's stop-word list. Every word
 * is indexed; queries drop Lucene's English stop words instead
 * (`ENGLISH_STOP_WORDS`), so both engines ignore the same words and the "t"
 * of "T-Shirt" stays searchable.
 */
export const PRODUCT_TEXT_CONFIG = 'search.product_english';

/** A product document's own columns, shared by the live table and the staging table (new builders per table). */
const documentColumns = () => ({
  name: text('name').notNull(),
  brand: text('brand').notNull(),
  description: text('description').notNull(),
  price: doublePrecision('price'),
  currency: text('currency'),
  priceText: text('price_text'),
  gender: text('gender').notNull(),
  category: text('category').notNull(),
  imageUrl: text('image_url'),
  sourceUrl: text('source_url').notNull(),
  retailer: text('retailer'),
  colour: text('colour'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** The catalogue's latest price drop (PriceDrop), shown on cards; null when none. */
  priceDrop: jsonb('price_drop'),
  /** When that drop happened: the "On sale" filter compares it with now minus the window. */
  priceDropSince: timestamp('price_drop_since', { withTimezone: true, mode: 'date' }),
  available: boolean('available').notNull().default(true),
  /** Who the product is for as search reads it (`productTags`): the gender, or for an untagged product the gender its name names. */
  audience: text('audience').notNull().default('Unisex'),
  /** What the product is, read by `productTags` (@closetly/catalogue-rules): garment types with their wider kinds ("chelsea-boots", "boots"). */
  garments: text('garments').array().notNull().default(sql`'{}'::text[]`),
  /** Colour families and shades the product is in (`productTags`): "navy", "blue". */
  colours: text('colours').array().notNull().default(sql`'{}'::text[]`),
  /** The `TAGS_VERSION` the tags were read with: rows read by an older vocabulary are read again at start-up. */
  tagsVersion: integer('tags_version').notNull().default(0),
});

/**
 * The embedded mode's search index (PostgreSQL full-text search): one row
 * per product document. `search_vector` is generated from name (weight A),
 * brand (B) and description (C), `name_brand_vector` from name and brand
 * (typos match there only), `name_words` from the name unstemmed (suggestions). (Migration 0001
 * created the pg_trgm extension for an earlier suggestion index; nothing uses
 * it since 0002.)
 */
export const products = searchSchema.table(
  'products',
  {
    id: text('id').primaryKey(),
    ...documentColumns(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        // Plain column names: a generated column may only refer to its own row.
        (): SQL =>
          sql`setweight(to_tsvector('search.product_english'::regconfig, "name"), 'A') || setweight(to_tsvector('search.product_english'::regconfig, "brand"), 'B') || setweight(to_tsvector('search.product_english'::regconfig, "description"), 'C')`,
      ),
    /** The words of the name, unstemmed (`simple`): suggestions match their prefixes. */
    nameWords: tsvector('name_words')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('simple'::regconfig, "name")`),
    /** Name and brand only: where typos may match (`FUZZINESS`). */
    nameBrandVector: tsvector('name_brand_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('search.product_english'::regconfig, "name"), 'A') || setweight(to_tsvector('search.product_english'::regconfig, "brand"), 'B')`,
      ),
  },
  (table) => [
    index('products_search_vector_idx').using('gin', table.searchVector),
    index('products_name_brand_vector_idx').using('gin', table.nameBrandVector),
    index('products_name_words_idx').using('gin', table.nameWords),
    index('products_brand_idx').on(table.brand),
    index('products_garments_idx').using('gin', table.garments),
    index('products_colours_idx').using('gin', table.colours),
    check('products_gender_check', sql`${table.gender} in ('Women', 'Men', 'Unisex')`),
    check('products_category_check', sql`${table.category} in ('tops', 'bottoms', 'shoes', 'outerwear', 'accessories', 'home')`),
  ],
);

/**
 * Every word of a name or brand the index has held (the lexemes of
 * `name_brand_vector`): where the twin looks for the words a typo may mean, as OpenSearch's fuzzy queries
 * walk its term dictionary. Upserts add words; `replaceAll` rebuilds the
 * list. A word whose products were removed may linger until then: it then
 * widens a query by a word nothing has, which changes no answer.
 */
export const productLexemes = searchSchema.table(
  'product_lexemes',
  { lexeme: text('lexeme').primaryKey() },
  // Typo candidates share the first letter and have a length within the allowed edits.
  (table) => [index('product_lexemes_typo_idx').on(sql`left(${table.lexeme}, 1)`, sql`char_length(${table.lexeme})`)],
);

/** Every unstemmed name word the index has held: typo candidates for suggestions, as `product_lexemes` is for searches. */
export const productNameWords = searchSchema.table(
  'product_name_words',
  { word: text('word').primaryKey() },
  (table) => [index('product_name_words_typo_idx').on(sql`left(${table.word}, 1)`, sql`char_length(${table.word})`)],
);

/**
 * Snapshot documents of a `replaceAll` in progress, one load per `load_id`:
 * the snapshot streams in here, then one short transaction replaces the
 * products with them, so readers never wait for the stream or see a
 * half-loaded index. A load's rows are deleted when it ends.
 */
export const productStaging = searchSchema.table(
  'product_staging',
  {
    loadId: uuid('load_id').notNull(),
    id: text('id').notNull(),
    ...documentColumns(),
    stagedAt: timestamp('staged_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.loadId, table.id] })],
);
