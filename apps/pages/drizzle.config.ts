import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/pages/src/db/schema.ts',
  out: './apps/pages/src/db/migrations',
  schemaFilter: ['pages'],
});
