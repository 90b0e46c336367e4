import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/catalogue/src/db/schema.ts',
  out: './apps/catalogue/src/db/migrations',
  schemaFilter: ['catalogue'],
});
