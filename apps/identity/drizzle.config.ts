import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/identity/src/db/schema.ts',
  out: './apps/identity/src/db/migrations',
  schemaFilter: ['identity'],
});
