import { platformTables } from '@closetly/server/db-tables';
import { pgSchema } from 'drizzle-orm/pg-core';

/** The wardrobe service's own schema: no other service reads these tables. */
export const wardrobeSchema = pgSchema('wardrobe');

export const { outbox, inbox } = platformTables(wardrobeSchema);
export const wardrobePlatformTables = { outbox, inbox };
