#!/usr/bin/env node
// `npm run bench`: runs scripts/bench.ts (TypeScript, through swc) quietly.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const result = spawnSync(process.execPath, ['-r', '@swc-node/register', 'scripts/bench.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_LOG_LEVEL: 'silent' },
});
process.exit(result.status ?? 1);
