import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The folder of a schema's Drizzle migrations, given the directory of the module that owns them
 * (its `__dirname`). From source that is `<module dir>/db/migrations`; in a compiled bundle
 * (scripts/build-services.mjs) every bundled module shares the bundle's directory, so the build
 * copies each schema's migrations to `<bundle dir>/migrations/<schema>` instead.
 */
export function migrationsFolder(moduleDir: string, schema: string): string {
  const beside = join(moduleDir, 'db', 'migrations');
  return existsSync(beside) ? beside : join(moduleDir, 'migrations', schema);
}
