#!/usr/bin/env node
// `npm run start:distributed`: starts Kafka and OpenSearch when they are not
// running (PostgreSQL and Redis are expected on localhost), builds the SPA if
// stale, then runs every service as its own process and the gateway on :8080, each from its
// compiled bundle (dist/apps/<app>/main.js, rebuilt when stale; RUN_FROM_SOURCE=true runs the TypeScript).
// Ctrl-C stops the product and the engines this command started.
// `npm run start:distributed -- --replicas 2` runs two of every service and two gateways (:8080, :8081).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { down, up } from '../deploy/local/infra.mjs';
import { buildServicesIfStale, DISTRIBUTED_APPS } from './build-services.mjs';
import { buildExtensionIfStale, buildWebIfStale } from './web-build.mjs';

const root = join(import.meta.dirname, '..');
await buildWebIfStale(root);
await buildExtensionIfStale(root);
if (process.env.RUN_FROM_SOURCE !== 'true') await buildServicesIfStale(DISTRIBUTED_APPS);
const engines = await up([]);

// Arguments (`-- --replicas 2`) go to the launcher.
const child = spawn(process.execPath, ['-r', '@swc-node/register', 'deploy/local/start-distributed.ts', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
// Ctrl-C reaches the launcher from the terminal itself; SIGTERM (from a supervisor) is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', async (code) => {
  if (engines.started.length > 0) await down(engines.started);
  process.exit(code ?? 0);
});
