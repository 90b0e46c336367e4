import { platformTables } from '@closetly/server/db-tables';
import { sql } from 'drizzle-orm';
import { index, integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The page-watch service's own schema: no other service reads these tables. */
export const pagesSchema = pgSchema('pages');

export const { outbox, inbox } = platformTables(pagesSchema);
export const pagesPlatformTables = { outbox, inbox };

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
 * again. The price-watch schedule will set it for periodic reads.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_pages_due_idx').on(table.dueAt).where(sql`due_at is not null`)],
);
