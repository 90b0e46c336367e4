import 'reflect-metadata';
import { startEmbeddedProduct } from '@closetly/all-in-one/testing';
import Fastify from 'fastify';
import { benchConvergence } from './bench-convergence';
import { benchExtraction } from './bench-extraction';
import { benchFootprint } from './bench-footprint';
import { benchHome } from './bench-home';
import { benchHotPaths } from './bench-hot-paths';
import { benchLiveEvents } from './bench-live-events';
import { benchPageWatch } from './bench-page-watch';
import { benchRelevance } from './bench-relevance';
import { benchRetention } from './bench-retention';
import { benchSearch } from './bench-search';
import { benchSearchScale } from './bench-search-scale';
import { benchServiceFootprint } from './bench-service-footprint';

/**
 * `npm run bench`: speed and memory of the product against references
 * measured in the same run on the same machine, reported as ratios so the
 * numbers mean the same on any box. Bounded: a fixed number of requests on
 * loopback only.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

async function throughput(url: string, init: RequestInit): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const response = await fetch(url, init);
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await response.arrayBuffer();
    }
  };
  for (let i = 0; i < 200; i += 1) await (await fetch(url, init)).arrayBuffer(); // warm up
  next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return REQUESTS / seconds;
}

/** BENCH_ONLY=hot-paths, footprint, service-footprint, search, search-scale, relevance, home, retention, extraction, convergence, page-watch or live-events runs that benchmark alone (when working on it). */
const ONLY = process.env.BENCH_ONLY;
const ALONE = { 'hot-paths': benchHotPaths, footprint: benchFootprint, 'service-footprint': benchServiceFootprint, search: benchSearch, 'search-scale': benchSearchScale, relevance: benchRelevance, home: benchHome, retention: benchRetention, extraction: benchExtraction, convergence: benchConvergence, 'page-watch': benchPageWatch, 'live-events': benchLiveEvents } as const;
const isAlone = (name: string | undefined): name is keyof typeof ALONE => name !== undefined && Object.hasOwn(ALONE, name);

async function main(): Promise<void> {
  if (isAlone(ONLY)) {
    report(await ALONE[ONLY]());
    return;
  }
  const rows: Array<[string, string, string]> = [];

  // References: bare Fastify routes answering the same JSON shapes, no validation, no guard, no RPC.
  const bare = Fastify();
  bare.post('/api/verify-beta', async () => ({ verified: false }));
  bare.get('/api/verify-beta', async () => ({ verified: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddress = bare.server.address();
  const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}`;
  const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'wrong-code' }) };
  await throughput(`${bareUrl}/api/verify-beta`, post); // warms the HTTP client, so the measured runs compare like with like
  const reference = await throughput(`${bareUrl}/api/verify-beta`, post);
  const referenceGet = await throughput(`${bareUrl}/api/verify-beta`, {});
  await bare.close();

  const rssBefore = process.memoryUsage().rss;
  // Limits scaled up: the bench measures what a request costs, the limiter's own work included.
  const product = await startEmbeddedProduct({ RATE_LIMIT_MULTIPLIER: '100000' });
  const rssAfterStart = process.memoryUsage().rss;
  const token = await product.betaToken();
  const verify = await throughput(`${product.baseUrl}/api/verify-beta`, post);
  const health = await throughput(`${product.baseUrl}/api/health`, {});
  const guarded = await throughput(`${product.baseUrl}/api/verify-beta`, { headers: { 'x-beta-token': token } });
  const rssAfterLoad = process.memoryUsage().rss;
  await product.stop();

  const ratio = (value: number, base: number) => (value / base).toFixed(2);
  rows.push(['bare Fastify POST (reference for POST)', `${reference.toFixed(0)} req/s`, '1.00']);
  rows.push(['bare Fastify GET (reference for GET)', `${referenceGet.toFixed(0)} req/s`, '1.00']);
  rows.push(['POST /api/verify-beta (validation + RPC to identity + token)', `${verify.toFixed(0)} req/s`, ratio(verify, reference)]);
  rows.push(['GET /api/verify-beta (beta guard only)', `${guarded.toFixed(0)} req/s`, ratio(guarded, referenceGet)]);
  rows.push(['GET /api/health (readiness state, at most 1 s old)', `${health.toFixed(0)} req/s`, ratio(health, referenceGet)]);

  process.stdout.write(`\nThroughput, ${REQUESTS} requests, ${CONCURRENCY} in flight, embedded mode\n`);
  for (const [what, value, r] of rows) process.stdout.write(`  ${what.padEnd(62)} ${value.padStart(12)}   ratio ${r}\n`);
  process.stdout.write('\nMemory (resident set of this process)\n');
  process.stdout.write(`  before start ${(rssBefore / 2 ** 20).toFixed(0)} MiB, after start ${(rssAfterStart / 2 ** 20).toFixed(0)} MiB, after load ${(rssAfterLoad / 2 ** 20).toFixed(0)} MiB\n`);
  process.stdout.write(`  embedded product costs ${((rssAfterStart - rssBefore) / 2 ** 20).toFixed(0)} MiB over the reference process\n`);

  // Targets: the gateway path should keep a fair share of raw Fastify speed.
  const targets: Array<[string, boolean]> = [
    ['verify-beta ≥ 0.20 × bare POST', verify / reference >= 0.2],
    ['guarded route ≥ 0.40 × bare GET', guarded / referenceGet >= 0.4],
  ];
  targets.push(...(await benchHotPaths()));
  targets.push(...(await benchSearch()));
  targets.push(...(await benchSearchScale()));
  targets.push(...(await benchRelevance()));
  targets.push(...(await benchHome()));
  targets.push(...(await benchRetention()));
  targets.push(...(await benchExtraction()));
  targets.push(...(await benchConvergence()));
  targets.push(...(await benchPageWatch()));
  targets.push(...(await benchLiveEvents()));
  targets.push(...(await benchFootprint()));
  targets.push(...(await benchServiceFootprint()));
  report(targets);
}

function report(targets: Array<[string, boolean]>): void {
  process.stdout.write('\nTargets\n');
  for (const [name, met] of targets) process.stdout.write(`  ${met ? 'met   ' : 'MISSED'} ${name}\n`);
  process.exitCode = targets.every(([, met]) => met) ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
