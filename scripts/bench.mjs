#!/usr/bin/env node
// `npm run bench`: runs scripts/bench.ts (TypeScript, through swc) quietly.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { down, up } from '../deploy/local/infra.mjs';
import { buildWebIfStale } from './web-build.mjs';

const root = join(import.meta.dirname, '..');
// The extraction benchmark alone is pure computation, and page watch's alone needs PostgreSQL only (always
// running): no product, no Kafka or OpenSearch, no build.
const productFree = process.env.BENCH_ONLY === 'extraction' || process.env.BENCH_ONLY === 'page-watch';
// The home page benchmark loads the built SPA through the gateway; the live-events one alone needs no SPA.
if (!productFree && process.env.BENCH_ONLY !== 'live-events') await buildWebIfStale(root);
const embeddedOnly = process.env.BENCH_ONLY === 'footprint' || process.env.BENCH_ONLY === 'hot-paths';
// The search benchmark runs the distributed product: start Kafka and OpenSearch unless they run, stop only what this started.
// The hot paths and the footprint alone run the embedded product only: the SPA's build, no engines.
const engines = productFree || embeddedOnly ? { started: [] } : await up([]);
const result = spawnSync(process.execPath, ['-r', '@swc-node/register', 'scripts/bench.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_LOG_LEVEL: 'silent' },
});
if (engines.started.length > 0) await down(engines.started);
process.exit(result.status ?? 1);
