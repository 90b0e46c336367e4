import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/wardrobe/src/db/schema.ts',
  out: './apps/wardrobe/src/db/migrations',
  schemaFilter: ['wardrobe'],
});
