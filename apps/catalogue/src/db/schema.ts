import { platformTables } from '@closetly/server/db-tables';
import { pgSchema } from 'drizzle-orm/pg-core';

/** The catalogue service's own schema: no other service reads these tables. */
export const catalogueSchema = pgSchema('catalogue');

export const { outbox, inbox } = platformTables(catalogueSchema);
export const cataloguePlatformTables = { outbox, inbox };
