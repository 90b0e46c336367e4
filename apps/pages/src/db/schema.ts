import { erasedAccountsTable, platformTables } from '@closetly/server/db-tables';
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The page-watch service's own schema: no other service reads these tables. */
export const pagesSchema = pgSchema('pages');

export const { outbox, inbox } = platformTables(pagesSchema);
export const pagesPlatformTables = { outbox, inbox };
/** Deleted accounts whose late save and removal events are dropped (see ErasedAccounts). */
export const erasedAccounts = erasedAccountsTable(pagesSchema);

/** What the last read of a page gave: a product, nothing usable (see `last_reason`), or no change since the read before. */
export const PAGE_READ_OUTCOMES = ['product', 'unreadable', 'not-modified'] as const;
export type PageReadOutcome = (typeof PAGE_READ_OUTCOMES)[number];

/**
 * Each product page page watch knows of: one row per product whose key is a
 * page address (`url:` keys), from the savers' captures. No user id is kept:
 * only what the latest capture said the product is, to notice when a capture
 * disagrees with the page.
 *
 * `due_at` is when the page should be read next; null: not due. A capture
 * sets it (first capture; a capture that disagrees with the last read), a
 * read clears it, or sets a retry after a passing failure. A run claims a due
 * page by moving `due_at` to the end of a lease, so a crashed read is taken
 * again. After every read the price-watch schedule sets it to the next
 * refresh (page-watch-cadence.ts) while the page has an active saver.
 */
export const productPages = pagesSchema.table(
  'product_pages',
  {
    productId: uuid('product_id').primaryKey(),
    /** The address page watch reads: the first saver's link, cleaned (see pageAddress). */
    url: text('url').notNull(),
    captureName: text('capture_name').notNull(),
    captureBrand: text('capture_brand').notNull(),
    /** When the capture above was taken; an older capture arriving late does not replace it. */
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    lastOutcome: text('last_outcome').$type<PageReadOutcome>(),
    /** Why the last read gave no product (the fetcher's reason, or no-product). */
    lastReason: text('last_reason'),
    /** The validators of the last page that was read, sent with the next read (a 304 then means nothing changed). */
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** Name and brand the page showed when it last yielded a product; null when it has not. */
    readName: text('read_name'),
    readBrand: text('read_brand'),
    /** Passing failures (timeouts, rate limits, ...) in a row: the retry waits longer each time. */
    failures: integer('failures').notNull().default(0),
    /** The page's host (lower case): a run reads a host only while it holds the host's lease (host_leases). */
    host: text('host').notNull().default(''),
    /** Active saves of the product (page_savers), kept beside the page so the cadence reads it without a join. */
    savers: integer('savers').notNull().default(0),
    /** Price and currency the page showed when it last yielded a product: a read that shows another is a change. */
    readPrice: doublePrecision('read_price'),
    readCurrency: text('read_currency'),
    /** Reads in a row that found nothing changed (a 304, or the same name, brand and price): the refresh backs off. */
    unchangedReads: integer('unchanged_reads').notNull().default(0),
    /** Reads in a row answered 404 or 410: at GONE_AFTER_READS the page is published as gone (never deleted). */
    goneReads: integer('gone_reads').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_pages_due_idx').on(table.dueAt).where(sql`due_at is not null`), index('product_pages_host_due_idx').on(table.host, table.dueAt).where(sql`due_at is not null`)],
);

/**
 * Who saves each product now, to count its savers for the refresh cadence:
 * kept from wardrobe.item-saved.v1 and wardrobe.item-removed.v1 exactly as the
 * catalogue keeps active_saves (a removal is kept, so it wins whichever topic
 * arrives first). Per-user rows: erased with the account
 * (identity.account-deleted.v1); the saves themselves are the wardrobe's and
 * are exported there.
 */
export const pageSavers = pagesSchema.table(
  'page_savers',
  {
    productId: uuid('product_id').notNull(),
    userId: text('user_id').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.productId, table.userId] }), index('page_savers_user_idx').on(table.userId)],
);

/**
 * Which worker reads each host now: a run leases the hosts of the pages it
 * claims, so two replicas never read one host at once (each process paces its
 * own reads per host; two processes would double the pace). A lease ends when
 * the run releases it, or by itself at `lease_until` after a crash.
 */
export const hostLeases = pagesSchema.table('host_leases', {
  host: text('host').primaryKey(),
  holder: text('holder').notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
});
