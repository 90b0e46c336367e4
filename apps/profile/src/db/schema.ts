import { erasedAccountsTable, platformTables } from '@closetly/server/db-tables';
import { DEFAULT_PRICE_ALERTS } from '@closetly/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The profile service's own schema: no other service reads these tables. */
export const profileSchema = pgSchema('profile');

export const { outbox, inbox } = platformTables(profileSchema);
/** Deleted accounts whose late events are dropped (see ErasedAccounts). */
export const erasedAccounts = erasedAccountsTable(profileSchema);
export const profilePlatformTables = { outbox, inbox };

/**
 * One shopper's profile (spec §3), keyed on the account id. `email` is a copy
 * of the account's, refreshed whenever the gateway passes the account; the
 * parts the form edits as a whole are JSON (`Measurements`, `Sizes`, brands).
 */
export const profiles = profileSchema.table('profiles', {
  accountId: text('account_id').primaryKey(),
  name: text('name').notNull().default(''),
  email: text('email').notNull().default(''),
  gender: text('gender').notNull().default(''),
  favoriteBrands: jsonb('favorite_brands').notNull(),
  measurements: jsonb('measurements').notNull(),
  sizes: jsonb('sizes').notNull(),
  /** PriceAlertSettings (issue 25): off until the shopper turns them on. */
  priceAlerts: jsonb('price_alerts').notNull().default(DEFAULT_PRICE_ALERTS),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A shopper's recent search terms (spec §3 "Recent search"): one row per user and term, the latest search's time. */
export const recentSearches = profileSchema.table(
  'recent_searches',
  {
    userId: text('user_id').notNull(),
    term: text('term').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.term] }), index('recent_searches_user_latest_idx').on(table.userId, table.searchedAt)],
);

/**
 * The products each shopper has saved (from wardrobe.item-saved.v1 / item-removed.v1), with their price
 * alert's target and hysteresis state. A removal is kept (`removedAt`), so whichever event arrives first,
 * the later one wins; the product counts as saved while `removedAt` is null or older than `savedAt`.
 *
 * The alert state (see price-alerts/alert-rules.ts): `dropReference` is the price the drop alert was armed
 * at, `dropAlerted` whether it fired since; `riseReference`/`riseAlerted` the same for rises;
 * `belowTargetAlerted` whether the target alert fired since the price was last clearly above the target.
 */
export const savedProducts = profileSchema.table(
  'saved_products',
  {
    userId: text('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    targetPrice: doublePrecision('target_price'),
    dropReference: doublePrecision('drop_reference'),
    dropAlerted: boolean('drop_alerted').notNull().default(false),
    riseReference: doublePrecision('rise_reference'),
    riseAlerted: boolean('rise_alerted').notNull().default(false),
    belowTargetAlerted: boolean('below_target_alerted').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] }), index('saved_products_product_idx').on(table.productId)],
);

/**
 * Each alert a crossing made: the in-app notification (`readAt`) and the digest's pending line
 * (`digestedAt` null until a digest mail listed it).
 */
export const notifications = profileSchema.table(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    oldPrice: doublePrecision('old_price'),
    newPrice: doublePrecision('new_price'),
    currency: text('currency'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_latest_idx').on(table.userId, table.createdAt),
    index('notifications_pending_digest_idx').on(table.userId).where(sql`digested_at is null`),
  ],
);

/** The digests sent: one row per user and digest day (the key makes "at most one a day" hold across replicas). */
export const priceAlertDigests = profileSchema.table(
  'price_alert_digests',
  {
    userId: text('user_id').notNull(),
    /** Days since the epoch, of PRICE_ALERTS_DIGEST_DAY_MS each (a UTC day unless a test shortens it). */
    day: bigint('day', { mode: 'number' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    items: bigint('items', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
