#!/usr/bin/env node
// `npm run db:generate -- <name>`: Drizzle migrations, named <name>, for every service whose schema changed.
// A service's first migration creates its schema; drizzle's migrator has already
// created that schema for its bookkeeping table, so the statement must tolerate it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const name = process.argv[2];
for (const app of readdirSync(join(root, 'apps'))) {
  const config = join('apps', app, 'drizzle.config.ts');
  if (!existsSync(join(root, config))) continue;
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'drizzle-kit', 'bin.cjs'), 'generate', '--config', config, ...(name ? ['--name', name] : [])], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  const folder = join(root, 'apps', app, 'src', 'db', 'migrations');
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.sql'))) {
    const path = join(folder, file);
    const sql = readFileSync(path, 'utf8');
    const fixed = sql.replace(/^CREATE SCHEMA "([a-z_]+)";/m, 'CREATE SCHEMA IF NOT EXISTS "$1";');
    if (fixed !== sql) writeFileSync(path, fixed);
  }
}
