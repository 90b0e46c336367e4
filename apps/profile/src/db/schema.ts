import { platformTables } from '@closetly/server/db-tables';
import { pgSchema } from 'drizzle-orm/pg-core';

/** The profile service's own schema: no other service reads these tables. */
export const profileSchema = pgSchema('profile');

export const { outbox, inbox } = platformTables(profileSchema);
export const profilePlatformTables = { outbox, inbox };
