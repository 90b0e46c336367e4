import type { PriceObservationSource } from '@closetly/contracts';
import { erasedAccountsTable, platformTables } from '@closetly/server/db-tables';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, customType, doublePrecision, index, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The catalogue service's own schema: no other service reads these tables. */
export const catalogueSchema = pgSchema('catalogue');

export const { outbox, inbox } = platformTables(catalogueSchema);
export const cataloguePlatformTables = { outbox, inbox };
/** Deleted accounts whose late save and removal events are dropped (see ErasedAccounts). */
export const erasedAccounts = erasedAccountsTable(catalogueSchema);

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
    /** The colour most savers stated (product-derivation.ts); null when none did. */
    colour: text('colour'),
    /** Earned a place in lists shown to other people (a supported retailer, or two savers agreeing). */
    listed: boolean('listed').notNull().default(false),
    /** Hidden by an administrator from every public list. */
    hidden: boolean('hidden').notNull().default(false),
    /** The administrator's corrections of name, brand, image and description; they win over the savers' agreement. */
    corrections: jsonb('corrections').notNull().default({}),
    /** The retailer's page was read and is the product's: its fields are the page's (product-derivation.ts). */
    verified: boolean('verified').notNull().default(false),
    /** Open disagreements (ContestReason[]): proved savers with each other, or with the page. Empty when none. */
    contested: jsonb('contested').notNull().default([]),
    /** When an administrator last settled a contest: evidence from before then contests nothing. */
    contestSettledAt: timestamp('contest_settled_at', { withTimezone: true }),
    /** False once page watch found the retailer's page gone (404 or 410, twice); a later read of the page makes it true again. Never a reason to delete. */
    available: boolean('available').notNull().default(true),
    /** The latest drop of the shown price (PriceDrop), set when the shown price changes; readers show it only while `since` is within PRICE_DROP_WINDOW_DAYS. */
    priceDrop: jsonb('price_drop'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('products_key_idx').on(table.productKey),
    index('products_missing_gender_idx').on(table.createdAt).where(sql`gender_source = 'default'`),
    index('products_public_idx').on(table.updatedAt).where(sql`listed and not hidden`),
    index('products_contested_idx').on(table.updatedAt).where(sql`contested <> '[]'::jsonb`),
    // The browsing lists (lists/lists.repository.ts): a category's newest, a brand's newest.
    index('products_public_category_idx').on(table.category, table.createdAt).where(sql`listed and not hidden`),
    index('products_public_brand_idx').on(sql`lower(${table.brand})`, table.createdAt).where(sql`listed and not hidden`),
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

/**
 * Who saves each product now, for the popular lists: one row per saver and
 * product, kept from wardrobe.item-saved.v1 (`saved_at`: when the current
 * save began, the event's `savedAt`) and wardrobe.item-removed.v1
 * (`removed_at`). A row is an active save while it has no removal or was
 * saved again after it (`saved_at > removed_at`). A removal is kept rather
 * than deleted because the two topics are not ordered against each other: a
 * removal that arrives before the save it ends still wins, and a later save
 * again still counts.
 */
export const activeSaves = catalogueSchema.table(
  'active_saves',
  {
    productId: uuid('product_id').notNull(),
    userId: text('user_id').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.userId] }),
    index('active_saves_current_idx').on(table.productId, table.savedAt).where(sql`removed_at is null or saved_at > removed_at`),
    // One user's rows: an account's erasure and the count of what is held.
    index('active_saves_user_idx').on(table.userId),
  ],
);

/**
 * Every observed price: the price history. Append-only. `source`: a saver's
 * capture, a shopper's read through the extension (both the saver's price
 * vote, with their user id: per-user data, exported and erased with the
 * account), or page watch's read of the retailer's page (no user).
 */
export const priceObservations = catalogueSchema.table(
  'price_observations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: uuid('product_id').notNull(),
    /** The saver whose observation it is; null for a page read. */
    userId: text('user_id'),
    source: text('source').$type<PriceObservationSource>().notNull().default('capture'),
    amount: doublePrecision('amount').notNull(),
    currency: text('currency'),
    priceText: text('price_text'),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('price_observations_product_idx').on(table.productId, table.userId, table.observedAt),
    // One user's observations in id order: their data export's pages, and their account's erasure.
    index('price_observations_user_idx').on(table.userId, table.id),
  ],
);

/**
 * Each change of a product's shown price (the derived price shoppers see),
 * from when it showed: what the "Price dropped" badge compares against. One
 * row per change, none for a price that stayed; deleted with the product.
 */
export const shownPrices = catalogueSchema.table(
  'shown_prices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: uuid('product_id').notNull(),
    /** Null: no price was shown from then on. */
    amount: doublePrecision('amount'),
    currency: text('currency'),
    since: timestamp('since', { withTimezone: true }).notNull(),
  },
  (table) => [index('shown_prices_product_idx').on(table.productId, table.since)],
);

/** Shoppers' gender votes from the quick view's feedback area. */
export const genderFeedback = catalogueSchema.table(
  'gender_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    /**
     * Who voted, so each counts once a product: the user when signed in, else the client (a keyed hash of its
     * address, made by the gateway). Null for votes kept before, and for an erased account's.
     */
    voter: text('voter'),
    gender: text('gender').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('gender_feedback_product_idx').on(table.productId),
    uniqueIndex('gender_feedback_voter_key').on(table.productId, table.voter),
    // One user's votes, oldest first: their data export's pages, and their account's erasure.
    index('gender_feedback_user_idx').on(table.userId, table.createdAt, table.id),
  ],
);

/**
 * Accounts that proved their e-mail address (identity.email-confirmed.v1):
 * only their captures count toward what other people see.
 */
export const provedAccounts = catalogueSchema.table('proved_accounts', {
  userId: text('user_id').primaryKey(),
  provedAt: timestamp('proved_at', { withTimezone: true }).notNull(),
});

/**
 * The latest read of each product's own page (pages.product-observed.v1) that
 * yielded a product: the page decides what the product is. A failed read
 * changes nothing, so it is not kept here.
 */
export const pageReads = catalogueSchema.table('page_reads', {
  productId: uuid('product_id').primaryKey(),
  /** The extracted product (PageRead without fetchedAt). */
  page: jsonb('page').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});

/** Binary data: a Buffer in, a Buffer out (PGlite answers a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Images the product stores itself, served by GET /api/image/{id} through the
 * gateway: today the demo catalogue's illustrations, later snapshots and
 * uploads. Content-addressed (the id is derived from the bytes), so storing
 * one image twice keeps one row.
 */
export const storedImages = catalogueSchema.table('stored_images', {
  id: uuid('id').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
