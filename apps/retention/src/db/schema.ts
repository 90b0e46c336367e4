import { erasedAccountsTable, platformTables } from '@closetly/server/db-tables';
import { sql } from 'drizzle-orm';
import { boolean, index, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The retention service's own schema: no other service reads these tables. */
export const retentionSchema = pgSchema('retention');

export const { outbox, inbox } = platformTables(retentionSchema);
export const retentionPlatformTables = { outbox, inbox };
/** Deleted accounts whose late save and unsave events are dropped (see ErasedAccounts). */
export const erasedAccounts = erasedAccountsTable(retentionSchema);

/**
 * Each product retention knows of (from save, unsave and product events).
 * `last_unsaved_at` is when its last active save ended, null while someone
 * saves it; `expired_at` is when the sweep announced its expiry (set in the
 * transaction that wrote the event, so it is announced once). A save clears
 * it again: the product lives on and its clock starts over.
 */
export const trackedProducts = retentionSchema.table(
  'tracked_products',
  {
    productId: uuid('product_id').primaryKey(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    lastUnsavedAt: timestamp('last_unsaved_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
  },
  (table) => [index('tracked_products_at_risk_idx').on(table.lastUnsavedAt).where(sql`expired_at is null and last_unsaved_at is not null`)],
);

/**
 * One row per product and user: whether their save is active, and the
 * `occurredAt` of the newest save or unsave event seen for them. An older
 * event never overwrites a newer one, so a late unsave loses to a newer save.
 */
export const productSaves = retentionSchema.table(
  'product_saves',
  {
    productId: uuid('product_id').notNull(),
    userId: text('user_id').notNull(),
    active: boolean('active').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.userId] }),
    // One user's rows: an account's erasure and the count of what is held.
    index('product_saves_user_idx').on(table.userId),
  ],
);
