import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/profile/src/db/schema.ts',
  out: './apps/profile/src/db/migrations',
  schemaFilter: ['profile'],
});
