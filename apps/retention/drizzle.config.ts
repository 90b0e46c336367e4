import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/retention/src/db/schema.ts',
  out: './apps/retention/src/db/migrations',
  schemaFilter: ['retention'],
});
