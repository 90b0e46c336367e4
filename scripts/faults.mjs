#!/usr/bin/env node
// `npm run faults`: starts Kafka and OpenSearch unless they run, runs scripts/faults.ts (TypeScript, through
// swc), then stops only the engines this command started. See the README's "Faults we test".
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { down, up } from '../deploy/local/infra.mjs';

const root = join(import.meta.dirname, '..');
const engines = await up([]);
const result = spawnSync(process.execPath, ['-r', '@swc-node/register', 'scripts/faults.ts'], { cwd: root, stdio: 'inherit', env: process.env });
if (engines.started.length > 0) await down(engines.started);
process.exit(result.status ?? 1);
