import { platformTables } from '@closetly/server/db-tables';
import { pgSchema } from 'drizzle-orm/pg-core';

/** The identity service's own schema: no other service reads these tables. */
export const identitySchema = pgSchema('identity');

export const { outbox, inbox } = platformTables(identitySchema);
export const identityPlatformTables = { outbox, inbox };
