import { platformTables } from '@closetly/server/db-tables';
import { pgSchema } from 'drizzle-orm/pg-core';

/** The retention service's own schema: no other service reads these tables. */
export const retentionSchema = pgSchema('retention');

export const { outbox, inbox } = platformTables(retentionSchema);
export const retentionPlatformTables = { outbox, inbox };
