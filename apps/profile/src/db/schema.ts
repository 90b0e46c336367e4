import { erasedAccountsTable, platformTables } from '@closetly/server/db-tables';
import { index, jsonb, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
