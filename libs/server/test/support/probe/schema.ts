import { integer, pgSchema, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { platformTables } from '../../../src/db/platform-tables';

/**
 * A tiny test-only service used to prove the event plumbing: it records every
 * delivery it sees (outside any transaction) and every effect it applies
 * (inside the inbox transaction), so a test can tell redelivery from effect.
 */
export const probeSchema = pgSchema('probe');
export const { outbox, inbox } = platformTables(probeSchema);
export const probePlatformTables = { outbox, inbox };

export const deliveries = probeSchema.table('deliveries', {
  id: serial('id').primaryKey(),
  eventId: uuid('event_id').notNull(),
  consumer: text('consumer').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

export const effects = probeSchema.table('effects', {
  id: serial('id').primaryKey(),
  eventId: uuid('event_id').notNull(),
  probeId: text('probe_id').notNull(),
  consumer: text('consumer').notNull(),
  value: integer('value').notNull().default(1),
});
