#!/usr/bin/env node
// `npm run seed [-- --force]`: wipes the embedded database under DATA_DIR (./data) and seeds the
// demo catalogue again (apps/all-in-one/src/seed.ts says exactly what it removes and keeps).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const child = spawn(process.execPath, ['--enable-source-maps', '-r', '@swc-node/register', 'apps/all-in-one/src/seed.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
