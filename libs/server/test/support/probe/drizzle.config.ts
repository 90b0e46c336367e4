import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/server/test/support/probe/schema.ts',
  out: './libs/server/test/support/probe/migrations',
  schemaFilter: ['probe'],
});
