import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/search/src/db/schema.ts',
  out: './apps/search/src/db/migrations',
  schemaFilter: ['search'],
});
