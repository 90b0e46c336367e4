import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, primaryKey, text, timestamp, uuid, type PgSchema } from 'drizzle-orm/pg-core';

/**
 * The tables every service owns in its own schema for safe events:
 * an outbox written in the same transaction as the state change, and an inbox
 * of processed event ids written in the same transaction as a consumer's effect.
 * Each service's `db/schema.ts` spreads these in so its migrations create them.
 */
export function platformTables(schema: PgSchema) {
  const outbox = schema.table(
    'outbox',
    {
      id: bigserial('id', { mode: 'number' }).primaryKey(),
      eventId: uuid('event_id').notNull().unique(),
      topic: text('topic').notNull(),
      key: text('key').notNull(),
      envelope: jsonb('envelope').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      claimedUntil: timestamp('claimed_until', { withTimezone: true }),
      publishedAt: timestamp('published_at', { withTimezone: true }),
      attempts: integer('attempts').notNull().default(0),
      lastError: text('last_error'),
    },
    (table) => [index('outbox_pending_idx').on(table.id).where(sql`published_at is null`)],
  );

  const inbox = schema.table(
    'inbox',
    {
      eventId: uuid('event_id').notNull(),
      consumer: text('consumer').notNull(),
      topic: text('topic').notNull(),
      processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [primaryKey({ columns: [table.eventId, table.consumer] })],
  );

  return { outbox, inbox };
}

export type PlatformTables = ReturnType<typeof platformTables>;

/**
 * The accounts a service has erased (identity.account-deleted.v1): the id and
 * when, nothing else about the person, whose account no longer exists. A
 * consumer drops that user's events still on their way instead of storing
 * their data again (see events/erased-accounts.ts). A service that consumes a
 * user's events puts one in its `db/schema.ts`.
 */
export function erasedAccountsTable(schema: PgSchema) {
  return schema.table('erased_accounts', {
    userId: text('user_id').primaryKey(),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull(),
  });
}

export type ErasedAccountsTable = ReturnType<typeof erasedAccountsTable>;
