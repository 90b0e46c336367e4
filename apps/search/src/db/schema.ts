import { platformTables } from '@closetly/server/db-tables';
import { pgSchema } from 'drizzle-orm/pg-core';

/** The search service's own schema: no other service reads these tables. */
export const searchSchema = pgSchema('search');

export const { outbox, inbox } = platformTables(searchSchema);
export const searchPlatformTables = { outbox, inbox };
