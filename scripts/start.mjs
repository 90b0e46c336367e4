#!/usr/bin/env node
// `npm start`: the whole product in one process on its embedded engines
// (PGlite under ./data, in-process bus and RPC, in-memory cache), serving
// http://localhost:8080, from its compiled bundle (dist/apps/all-in-one/main.js). Builds the bundle,
// the SPA and the extension first when missing or stale. On an empty
// database it seeds the demo catalogue first (never in production; see apps/all-in-one/src/demo).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildServicesIfStale } from './build-services.mjs';
import { buildExtensionIfStale, buildWebIfStale } from './web-build.mjs';

const root = join(import.meta.dirname, '..');
await buildWebIfStale(root);
// The extension is built for the address the product answers at: PUBLIC_URL, else this machine's PORT.
const port = Number(process.env.PORT);
const webUrl = process.env.PUBLIC_URL?.trim() || `http://localhost:${Number.isInteger(port) && port > 0 ? port : 8080}`;
await buildExtensionIfStale(root, { webUrl });
// RUN_FROM_SOURCE=true runs the TypeScript through swc-node instead (no build; each start compiles it).
const fromSource = process.env.RUN_FROM_SOURCE === 'true';
if (!fromSource) await buildServicesIfStale(['all-in-one']);
const entry = fromSource ? ['-r', '@swc-node/register', 'apps/all-in-one/src/main.ts'] : ['dist/apps/all-in-one/main.js'];

const child = spawn(process.execPath, ['--enable-source-maps', ...entry], {
  cwd: root,
  stdio: 'inherit',
  // A first start (empty database) seeds the demo catalogue; SEED_DEMO_CATALOGUE=false starts empty.
  // glibc's malloc returns freed large blocks (argon2's, libvips's) to the system: NATIVE_MEMORY_ENV in
  // libs/server/src/runtime/native-memory.ts says why; glibc reads these only at process start.
  env: { CLOSETLY_MODE: 'embedded', SEED_DEMO_CATALOGUE: 'true', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072', ...process.env },
});
// Ctrl-C reaches the child from the terminal itself; SIGTERM (from a supervisor) is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
